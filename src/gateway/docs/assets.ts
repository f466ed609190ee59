// The reference page's style sheet and its one script (search, copy buttons), inlined into the page: no
// CDN, no second request. The script is plain ES5 in a string, so no build step can rewrite it.

export const PAGE_CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--accent:#0550ae;--code-bg:#0d1117;--code-fg:#e6edf3;--nav:280px}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{scroll-padding-top:12px}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
p code,li code,td code,h3 code{background:var(--soft);border:1px solid #eaeef2;border-radius:4px;padding:0 4px}
nav{position:fixed;top:0;bottom:0;left:0;width:var(--nav);overflow:auto;border-right:1px solid var(--line);padding:16px 14px 32px;background:#fbfcfd}
nav .brand{font-weight:700;line-height:1.3}
nav .brand span{display:block;font-weight:400;color:var(--muted);font-size:13px;margin-top:2px}
nav input{width:100%;margin:14px 0 4px;padding:7px 10px;font:inherit;font-size:14px;border:1px solid var(--line);border-radius:6px;background:#fff}
nav input:focus{outline:2px solid #54aeff;border-color:#54aeff}
#search-status{font-size:12px;color:var(--muted);min-height:18px}
.nav-title{margin:14px 0 4px;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
nav ul{list-style:none;margin:0;padding:0}
nav li{margin:1px 0}
nav li a{display:block;padding:2px 6px;border-radius:4px;color:var(--fg);text-decoration:none;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav li a:hover{background:#eef1f4;color:var(--accent)}
nav .links{margin-top:16px;font-size:13px}
main{margin-left:var(--nav);padding:28px 40px 80px;max-width:1500px}
.hero h1{margin:0 0 4px;font-size:28px;line-height:1.25}
.hero h1 small{font-size:15px;font-weight:500;color:var(--muted);margin-left:6px}
.hero .meta{color:var(--muted);font-size:14px}
.guide-section{max-width:900px}
.guide-section h2,.tag-title{font-size:22px;margin:40px 0 8px;padding-top:8px;border-top:1px solid var(--line)}
.tag-title{font-size:24px}
.guide-section table,.ep-doc table{border-collapse:collapse;width:100%;margin:8px 0 14px;font-size:14px}
td,th{border:1px solid var(--line);padding:5px 8px;vertical-align:top;text-align:left}
th{background:var(--soft);font-weight:600}
td p{margin:0 0 4px}td p:last-child{margin:0}
.ep-doc td code{overflow-wrap:anywhere}
table.t3,table.t2{table-layout:fixed}
table.t3 th:nth-child(1){width:27%}table.t3 th:nth-child(2){width:25%}
table.t2 td:first-child{width:22%}
pre.code{position:relative;background:var(--code-bg);color:var(--code-fg);padding:12px 14px;border-radius:8px;white-space:pre-wrap;word-break:break-word;overflow:auto;max-height:460px;margin:6px 0 14px}
pre.code .copy{position:absolute;top:6px;right:6px;font:12px system-ui,sans-serif;color:var(--code-fg);background:#30363d;border:1px solid #484f58;border-radius:5px;padding:2px 8px;cursor:pointer;opacity:.75}
pre.code .copy:hover{opacity:1}
.endpoint{border-top:1px solid var(--line);padding:26px 0 10px}
.ep-head h3{margin:0;font-size:19px;display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.ep-head h3 code{font-size:16px;background:none;border:0;padding:0}
.ep-head .summary{margin:6px 0 0;font-weight:600}
.badge{font-size:12px;font-weight:500;border-radius:10px;padding:1px 9px;white-space:nowrap}
.b-credits{background:#ddf4ff;color:#0a3069}.b-key{background:#fff8c5;color:#4d2d00}.b-public{background:#dafbe1;color:#0f5323}.b-mcp{background:#f6f8fa;color:#57606a;border:1px solid var(--line)}
.m{display:inline-block;min-width:42px;font-size:11px;font-weight:700;color:#fff;border-radius:4px;padding:1px 6px;text-align:center;font-family:system-ui,sans-serif}
.m-post{background:#1a7f37}.m-get{background:#0969da}.m-put{background:#9a6700}.m-delete{background:#cf222e}
.ep-body{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:32px;margin-top:10px}
.ep-doc h4,.ep-examples h4{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:18px 0 6px}
.ep-examples{min-width:0}
.ep-examples .example{margin-bottom:10px}
.ep-examples .label{font-size:12px;color:var(--muted);margin-top:8px}
.ep-examples details>summary{cursor:pointer;font-weight:600;margin:10px 0 4px}
.ep-examples .ex-title{font-weight:600;margin:0 0 4px}
.req{color:#cf222e;font-size:11px;font-weight:600;margin-left:4px}
.type{color:var(--muted);font-size:13px;overflow-wrap:anywhere}
details.fields>summary{cursor:pointer;color:var(--accent);font-size:13px;margin-top:4px}
details.fields table{margin-top:6px}
.note{color:var(--muted);font-size:14px}
.ep-body.single{grid-template-columns:minmax(0,1fr);max-width:900px}
@media (max-width:1100px){.ep-body{grid-template-columns:minmax(0,1fr)}}
@media (max-width:760px){nav{position:static;width:auto;border-right:0;border-bottom:1px solid var(--line)}main{margin-left:0;padding:20px}}
`;

export const SEARCH_SCRIPT = `
(function () {
  var input = document.getElementById('search');
  var status = document.getElementById('search-status');
  if (!input) return;
  var list = function (sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); };
  var norm = function (s) { return (s || '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim(); };
  var entries = list('main [data-search]').map(function (el) { return { el: el, name: norm(el.getAttribute('data-search')), text: null }; });
  var groups = list('main [data-group]');
  var navItems = list('nav [data-target]');
  var navGroups = list('nav [data-nav-group]');
  var has = function (text, terms) {
    for (var i = 0; i < terms.length; i++) if (text.indexOf(terms[i]) === -1) return false;
    return true;
  };
  var apply = function () {
    var terms = norm(input.value).split(' ').filter(Boolean);
    var shown = entries;
    if (terms.length) {
      // Names first (path, tool, summary, heading); the full text only when no name matches.
      shown = entries.filter(function (e) { return has(e.name, terms); });
      if (!shown.length) shown = entries.filter(function (e) { if (e.text === null) e.text = norm(e.el.textContent); return has(e.text, terms); });
    }
    var visible = {};
    entries.forEach(function (e) { var on = shown.indexOf(e) !== -1; e.el.hidden = !on; if (on) visible[e.el.id] = true; });
    groups.forEach(function (g) { g.hidden = !g.querySelector('[data-search]:not([hidden])'); });
    navItems.forEach(function (li) { li.hidden = !visible[li.getAttribute('data-target')]; });
    navGroups.forEach(function (g) { g.hidden = !g.querySelector('[data-target]:not([hidden])'); });
    status.textContent = !terms.length ? '' : shown.length ? shown.length + (shown.length === 1 ? ' match' : ' matches') : 'No match';
  };
  input.addEventListener('input', apply);
  input.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { input.value = ''; apply(); }
    if (ev.key === 'Enter') {
      var first = entries.filter(function (e) { return !e.el.hidden; })[0];
      if (first) { first.el.scrollIntoView(); history.replaceState(null, '', '#' + first.el.id); }
    }
  });
  document.addEventListener('keydown', function (ev) {
    var active = document.activeElement;
    if (ev.key === '/' && active !== input && !(active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) { ev.preventDefault(); input.focus(); }
  });
  var q = new URLSearchParams(location.search).get('q');
  if (q) { input.value = q; apply(); }
  if (navigator.clipboard) {
    list('pre.code').forEach(function (pre) {
      var code = pre.querySelector('code');
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy';
      button.textContent = 'Copy';
      button.addEventListener('click', function () {
        navigator.clipboard.writeText(code ? code.textContent : '').then(function () {
          button.textContent = 'Copied';
          setTimeout(function () { button.textContent = 'Copy'; }, 1500);
        });
      });
      pre.appendChild(button);
    });
  }
})();
`;
