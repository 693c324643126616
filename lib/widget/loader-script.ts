/**
 * The one script a bakery puts on its own website (`/widget.js`): plain JavaScript, run in the
 * bakery's page, so it is kept small and self-contained. It adds the "Ask us" button and opens
 * the desk's own panel in an iframe; nothing else of the desk runs in that page. It takes
 * messages only from that iframe on the desk's origin, and the panel only from allowed sites.
 * (Written as a string so the build serves it exactly as written; no template placeholders.)
 */
export const WIDGET_LOADER_SCRIPT = String.raw`(function () {
  var script = document.currentScript;
  if (!script || window.bakeryDeskWidget) return;
  window.bakeryDeskWidget = true;
  var desk = new URL(script.src).origin;
  var doc = document;
  var host = doc.createElement('div');
  host.setAttribute('data-bakery-desk', '');
  // A shadow root keeps the page's styles off the button and the button's off the page.
  var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
  var style = doc.createElement('style');
  style.textContent =
    '.ask{position:fixed;right:16px;bottom:16px;z-index:2147483646;margin:0;border:0;' +
    'border-radius:999px;padding:12px 22px;background:#78350f;color:#fff;' +
    'font:600 16px/1.2 system-ui,sans-serif;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.3)}' +
    '.ask:hover{background:#92400e}' +
    '.ask:focus-visible{outline:3px solid #1c1917;outline-offset:3px;box-shadow:0 0 0 6px #fde68a}' +
    '.panel{position:fixed;right:16px;bottom:80px;z-index:2147483647;width:380px;' +
    'max-width:calc(100vw - 32px);height:600px;max-height:calc(100vh - 104px);' +
    'border:1px solid #d6d3d1;border-radius:12px;background:#fff;overflow:hidden;' +
    'box-shadow:0 8px 30px rgba(0,0,0,.25)}' +
    '.panel[hidden]{display:none}' +
    '.panel iframe{display:block;width:100%;height:100%;border:0}' +
    '@media (max-width:639.98px){.panel{inset:0;width:100%;max-width:none;height:100%;' +
    'max-height:none;border:0;border-radius:0}}';
  var button = doc.createElement('button');
  button.type = 'button';
  button.className = 'ask';
  button.textContent = 'Ask us';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'bakery-desk-panel');
  var panel = doc.createElement('div');
  panel.className = 'panel';
  panel.id = 'bakery-desk-panel';
  panel.hidden = true;
  var frame = null;
  var ready = false;

  function focusPanel() {
    frame.focus();
    frame.contentWindow.postMessage({ type: 'bakery-desk:focus' }, desk);
  }
  function open() {
    if (!frame) {
      frame = doc.createElement('iframe');
      frame.title = 'Ask us';
      frame.src = desk + '/widget';
      panel.appendChild(frame);
    }
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (ready) focusPanel();
    else frame.focus();
  }
  function close() {
    if (panel.hidden) return;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  }
  button.addEventListener('click', function () {
    if (panel.hidden) open();
    else close();
  });
  doc.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') close();
  });
  window.addEventListener('message', function (event) {
    // Only the panel itself, on the desk's origin, is listened to.
    if (!frame || event.origin !== desk || event.source !== frame.contentWindow) return;
    var type = event.data && event.data.type;
    if (type === 'bakery-desk:close') close();
    // Each page of the panel says when it can take the focus.
    if (type === 'bakery-desk:ready') {
      ready = true;
      if (!panel.hidden) focusPanel();
    }
  });
  root.appendChild(style);
  root.appendChild(panel);
  root.appendChild(button);
  (doc.body || doc.documentElement).appendChild(host);
})();
`;
