// The course page's helpers (loaded in the page's head, before Voila's scripts):
// - while the page is prepared, a progress message in the page's language;
// - when the tab closes, the kernel's shutdown is asked for, with an _xsrf token (Voila's own request reads it
//   from a cookie that nothing else sets, and the server refused it without one; it is also sent before Voila's
//   scripts have loaded);
// - when the page's kernel stops (killed, restarted, gone), a message in both languages and a resume button
//   that opens the same stage at the same step (the address follows the session: see below); the stopped
//   kernel is shut down at once;
// - the address follows the page's session: the header holds <span class="gj-state" data-query="...">, kept
//   up to date by the kernel, and the address takes its query, so a reload or a resume keeps rule set,
//   language and step;
// - the course's prose shows in the page's language only (see showLanguage), and its sentences about other
//   families than the page's rule set as side notes (see showRules);
// - the start page's 开始学习 link carries the name as typed, Enter pressed or not;
// - a link to a level of a stage (#level-N) opens the page at that level once it is drawn.
(function () {
  "use strict";
  const english = new URLSearchParams(window.location.search).get("lang") === "en";
  const say = (zh, en) => (english ? en : zh);

  if (!/(^|;\s*)_xsrf=/.test(document.cookie)) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    document.cookie = "_xsrf=" + token + "; path=/; SameSite=Strict";
  }

  function loading() {
    const show = (index, count) => {
      const el = document.getElementById("loading_text");
      if (el) {
        el.textContent = index
          ? say("正在准备这一页（" + index + "/" + count + "）……", "Preparing your page (" + index + " of " + count + ") …")
          : say("正在准备这一页……", "Preparing your page …");
        el.setAttribute("role", "status");
      }
    };
    window.update_loading_text = show;
    window.voila_process = show;
    show(0, 0);
  }

  function config() {
    const el = document.getElementById("jupyter-config-data");
    try {
      return el ? JSON.parse(el.textContent) : {};
    } catch (e) {
      return {};
    }
  }

  function shutdown() {
    const { baseUrl, kernelId } = config();
    const match = document.cookie.match(/\b_xsrf=([^;]*)\b/);
    if (!baseUrl || !kernelId || !navigator.sendBeacon) return;
    const form = new FormData();
    form.append("_xsrf", match ? match[1] : "");
    navigator.sendBeacon(baseUrl + "voila/api/shutdown/" + kernelId, form);
  }

  let leaving = false;
  let stopped = false;
  window.addEventListener("beforeunload", () => {
    leaving = true;
    shutdown(); // also when the tab closes before Voila's scripts have loaded (they send the same request)
  });

  function stop() {
    if (stopped || leaving) return;
    stopped = true;
    shutdown();
    const box = document.createElement("div");
    box.className = "gj-stopped";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:1000;padding:12px 16px;background:#fff4e5;" +
      "border-bottom:2px solid #e67e22;font:16px/1.5 sans-serif;color:#222";
    const text = document.createElement("p");
    text.style.margin = "0 0 8px";
    text.innerHTML = "<span lang='zh'>这一页的程序停止了，练习暂时不能作答。点“继续”回到这一课的同一步，已保存的进度都在。</span><br>" +
      "<span lang='en'>This page's kernel has stopped, so the exercises cannot answer. Press Resume to come back to " +
      "the same stage and step; your saved progress is kept.</span>";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "gj-resume";
    button.textContent = "继续 / Resume";
    button.style.cssText = "font-size:16px;padding:6px 16px;cursor:pointer";
    button.addEventListener("click", () => window.location.reload());
    box.append(text, button);
    document.body.prepend(box);
    button.focus();
  }

  async function check() {
    if (stopped || leaving) return;
    const { baseUrl, kernelId } = config();
    if (!baseUrl || !kernelId) return;
    try {
      const reply = await fetch(baseUrl + "api/kernels/" + kernelId, { cache: "no-store" });
      if (reply.status === 404) return stop();
      const model = reply.ok ? await reply.json() : {};
      if (model.execution_state === "dead") stop();
    } catch (e) {
      stop(); // the server is gone
    }
  }

  const STOPPED = /"execution_state":\s*"(restarting|autorestarting|dead)"/;
  const decoder = new TextDecoder();
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (/\/api\/kernels\/[^/]+\/channels/.test(String(url))) {
        this.addEventListener("message", (event) => {
          const data = event.data;
          if (typeof data === "string" ? data.length < 4096 && STOPPED.test(data)
            : data instanceof ArrayBuffer && data.byteLength < 4096 && STOPPED.test(decoder.decode(data))) {
            stop();
          }
        });
        this.addEventListener("close", () => window.setTimeout(check, 2000));
      }
    }
  }
  window.WebSocket = Watched;

  // The start page's 开始学习 link takes the name as typed, also when it is clicked without Enter: the name box
  // tells the kernel only on Enter or when it loses focus, and a click's navigation does not wait for the kernel.
  // So the click waits (at most 3 s) for the kernel to give the link the typed name, with the name's pass key,
  // which the kernel signs in (a new name gets its key); if it does not, the link goes with the name alone.
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a.gj-start") : null;
    const box = document.querySelector(".gj-name input");
    const typed = box ? box.value.trim() : "";
    const named = () => {
      const current = document.querySelector("a.gj-start");
      const url = new URL(current ? current.getAttribute("href") : "", window.location.href);
      return url.searchParams.get("learner") === typed ? url : null;
    };
    if (!link || !typed || named()) return;
    event.preventDefault();
    const until = Date.now() + 3000;
    const go = () => {
      const url = named();
      if (url) {
        window.location.assign(url.pathname + url.search);
      } else if (Date.now() < until) {
        window.setTimeout(go, 100);
      } else {
        const fallback = new URL(link.getAttribute("href"), window.location.href);
        fallback.searchParams.set("learner", typed);
        fallback.searchParams.delete("pass"); // the link's key is another name's
        window.location.assign(fallback.pathname + fallback.search);
      }
    };
    go();
  }, true);

  // The course's prose is written twice, <div lang="zh"> and <div lang="en">, and so are its printed examples
  // (<div class="gj-printed">): the page shows the half of its language (the <html> element's lang follows the session, also for screen readers).
  function showLanguage(lang) {
    const root = document.documentElement;
    root.setAttribute("lang", lang === "en" ? "en" : "zh-CN");
    root.setAttribute("data-gj-lang", lang === "en" ? "en" : "zh");
  }
  showLanguage(english ? "en" : "zh");

  // A sentence of the prose about some families only is written <div class="gj-aside" data-rules="zaozhuang">:
  // on a page under one of them it reads as the rest of the text; under another rule set it is a side note
  // (smaller, set apart, headed 其他规则 / Other rule sets), not the path. The page's rule set is the <html>
  // element's data-gj-rules, which follows the session as the language does.
  const FAMILIES = ["qingdao", "linyi", "tongsu", "zaozhuang"];
  function showRules(rules) {
    document.documentElement.setAttribute("data-gj-rules", rules || "qingdao");
  }
  showRules(new URLSearchParams(window.location.search).get("rules"));
  const own = (tail) => FAMILIES.map((f) => `html[data-gj-rules="${f}"] .gj-aside[data-rules~="${f}"]${tail}`)
    .join(", ");
  const prose = document.createElement("style");
  prose.textContent = 'html[data-gj-lang="zh"] :is(.jp-MarkdownOutput, .gj-printed) [lang="en"],' +
    ' html[data-gj-lang="en"] :is(.jp-MarkdownOutput, .gj-printed) [lang="zh"] { display: none; }' +
    " .gj-aside { border-left: 3px solid #b0bec5; padding-left: 10px; margin: 4px 0 10px; color: #546e7a;" +
    " font-size: 0.94em; }" +
    ' .gj-aside > :first-child::before { content: "其他规则："; font-weight: bold; }' +
    ' html[data-gj-lang="en"] .gj-aside > :first-child::before { content: "Other rule sets: "; }' +
    ` ${own("")} { border-left: none; padding-left: 0; color: inherit; font-size: inherit; }` +
    ` ${own(" > :first-child::before")} { content: none; }`;
  document.head.appendChild(prose);

  let shown = null;
  function follow() {
    const state = document.querySelector(".gj-state[data-query]");
    const query = state && state.getAttribute("data-query");
    if (query && query !== shown) {
      shown = query;
      window.history.replaceState(window.history.state, "", window.location.pathname + "?" + query +
        window.location.hash);
      showLanguage(new URLSearchParams(query).get("lang"));
      showRules(new URLSearchParams(query).get("rules"));
    }
  }
  // A link to a level of a stage's quiz (…#level-2) opens the page there: the level is drawn after the page
  // loads and the widgets above it go on growing for a while, so the page goes back to it after every change
  // (for 15 s after it appears), until the learner scrolls, taps or types.
  let sought = /^#level-[0-9]+$/.test(window.location.hash) ? window.location.hash.slice(1) : null;
  let seekingUntil = 0;
  let seekPending = false;
  function seek() {
    const target = sought && document.getElementById(sought);
    if (!target || seekPending) return;
    seekingUntil = seekingUntil || Date.now() + 15000;
    if (Date.now() > seekingUntil) {
      sought = null;
      return;
    }
    seekPending = true;
    window.requestAnimationFrame(() => {
      seekPending = false;
      if (sought) target.scrollIntoView({ block: "start" });
    });
  }
  for (const name of ["wheel", "touchmove", "keydown", "mousedown"]) {
    window.addEventListener(name, () => { sought = null; }, { once: true, passive: true, capture: true });
  }
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => { follow(); seek(); }).observe(document.body, { subtree: true, childList: true,
      attributes: true, attributeFilter: ["data-query"] });
  });

  window.gouji = { loading, stop, check };
})();
