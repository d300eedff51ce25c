// The presenter's wall (present.ipynb, gouji_teach/teach/present.py): its projector layout, and keys for a
// clicker. The wall (.gj-wall) fills the screen: the table on the left, the narration, the question, the live
// lesson's counts and the reveal on the right, the controls at the bottom; type is a fortieth of the screen's
// height (27 px at 1080p). Keys: → / PageDown / space next, ← / PageUp back, R reveal (the answer comes from the
// kernel only then), B a blank screen (again: back), F full screen. Nothing here knows an answer.
(function () {
  "use strict";

  const css = `
  .gj-wall { position: fixed !important; inset: 0; z-index: 900; margin: 0 !important; background: #fff; color: #111;
    display: grid !important; grid-template-columns: minmax(0, 40fr) minmax(0, 60fr);
    grid-template-rows: auto minmax(0, 1fr) auto; grid-template-areas: "head head" "table text" "controls controls";
    gap: 1.2vh 2vw; padding: 1.5vh 2vw; box-sizing: border-box; overflow: hidden;
    font-size: max(11px, 2.5vh); line-height: 1.35; font-family: system-ui, 'Noto Sans CJK SC', sans-serif; }
  .gj-wall .widget-html-content, .gj-wall .widget-html { font-size: inherit; line-height: inherit; }
  .gj-wall small { font-size: 0.9em; }
  .gj-wall > .gj-wall-head { grid-area: head; min-width: 0; }
  .gj-wall > .gj-wall-table { grid-area: table; min-height: 0; height: 100%; }
  .gj-wall > .gj-wall-text { grid-area: text; min-height: 0; overflow: hidden; align-items: stretch !important;
    text-align: left; }
  .gj-wall > .gj-wall-text > * { width: 100%; margin: 0; }
  .gj-wall > .gj-wall-controls { grid-area: controls; gap: 1vw; }
  .gj-wall-table > .widget-html-content { height: 100%; display: flex; flex-direction: column; align-items: center;
    gap: 1vh; }
  .gj-wall-table svg.gj-table { flex: 1 1 0; min-height: 0; width: 100% !important; max-width: 100% !important;
    height: 100% !important; }
  .gj-wall-hands ul, .gj-wall-round ul { margin: 0.2em 0 0; padding-left: 1.2em; columns: 2; }
  .gj-wall-hands, .gj-wall-round { flex: none; align-self: stretch; }
  .gj-wall-header { display: flex; align-items: center; justify-content: space-between; gap: 2vw; }
  .gj-wall-title { font-size: 1.4em; margin: 0; line-height: 1.2; }
  .gj-wall-step { font-size: 1em; color: #333; }
  .gj-live-box { display: flex; align-items: center; gap: 1.5vw; }
  .gj-code-box { display: flex; flex-direction: column; align-items: center; }
  .gj-code-box > span, .gj-wall-heading > * { display: block; line-height: 1.2; }
  .gj-code { font-size: 2.6em; font-weight: 700; letter-spacing: 0.12em; font-family: ui-monospace, monospace; }
  .gj-qr svg { height: 15vh; width: 15vh; display: block; }
  .gj-join { max-width: 26vw; overflow-wrap: anywhere; }
  .gj-wall .gj-narration ul { margin: 0.3em 0; padding-left: 1.2em; }
  .gj-wall .gj-ask { font-weight: 700; }
  .gj-tally { margin-top: 0.6em; }
  .gj-bar-row { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) 3em; align-items: center;
    gap: 0.6em; margin: 0.2em 0; }
  .gj-bar { display: block; background: #eef; height: 1.2em; border-radius: 0.2em; }
  .gj-bar-fill { display: block; height: 100%; background: #4a6fb5; border-radius: 0.2em; }
  .gj-bar-row.gj-right .gj-bar-fill { background: #2e8b57; }
  .gj-bar-row.gj-right .gj-bar-label { font-weight: 700; color: #1d6b3f; }
  .gj-reveal { margin-top: 0.6em; padding: 0.4em 0.6em; border-left: 0.3em solid #2e8b57; background: #f1f8f3; }
  .gj-wall-controls button { font-size: max(11px, 2.25vh); height: auto; padding: 0.2em 0.8em; width: auto; }
  .gj-wall-keyhelp { font-size: max(11px, 2.25vh); color: #444; }
  .gj-wall.gj-blank { background: #000 !important; }
  .gj-wall.gj-blank > * { visibility: hidden; }
  `;
  const style = document.createElement("style");
  style.textContent = css;
  document.head.appendChild(style);

  function press(name) {
    const button = document.querySelector(".gj-wall button.gj-wall-" + name);
    if (button && !button.disabled) button.click();
  }

  function fullScreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  }

  const KEYS = {
    ArrowRight: () => press("next"), PageDown: () => press("next"), " ": () => press("next"),
    ArrowLeft: () => press("back"), PageUp: () => press("back"),
    r: () => press("reveal"), R: () => press("reveal"),
    b: () => document.querySelector(".gj-wall").classList.toggle("gj-blank"),
    B: () => document.querySelector(".gj-wall").classList.toggle("gj-blank"),
    ".": () => document.querySelector(".gj-wall").classList.toggle("gj-blank"),
    f: fullScreen, F: fullScreen,
  };

  document.addEventListener("keydown", (event) => {
    const wall = document.querySelector(".gj-wall");
    const action = KEYS[event.key];
    if (!wall || !action || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    if (wall.classList.contains("gj-blank") && !"bB.".includes(event.key)) {
      wall.classList.remove("gj-blank"); // any key brings the wall back
    }
    event.preventDefault();
    action();
  });
})();
