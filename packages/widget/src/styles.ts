// The widget's look, inside its shadow root: `all: initial` on the host cuts off what the page's styles
// would pass on by inheritance (fonts, colours, line height), and the page's selectors do not reach in.
// The host element itself is in the page: its rules are !important, which outranks even the page's
// !important rules on it (for important declarations the shadow tree's own come first).

export const CSS = `
:host{all:initial!important;position:fixed!important;right:20px!important;bottom:20px!important;z-index:2147483000!important;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif!important;color:#1f2933!important}
*{box-sizing:border-box;font:inherit;color:inherit;margin:0}
.launcher{display:flex;align-items:center;gap:8px;border:0;border-radius:999px;padding:12px 18px;background:#1d4ed8;color:#fff;font-weight:600;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.2);position:relative}
.launcher:focus-visible,button:focus-visible,a:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.badge{position:absolute;top:-6px;right:-6px;min-width:22px;height:22px;border-radius:11px;background:#b91c1c;color:#fff;font-size:12px;line-height:22px;text-align:center;padding:0 6px}
.panel{position:absolute;right:0;bottom:0;width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 40px);background:#fff;border-radius:14px;box-shadow:0 12px 40px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden}
.panel[hidden]{display:none}
header{display:flex;align-items:center;justify-content:space-between;padding:12px 14px;background:#1d4ed8;color:#fff}
header h2{font-size:16px;font-weight:600}
.icon{border:0;background:transparent;color:#fff;cursor:pointer;padding:4px 8px;border-radius:6px;font-size:14px}
.body{flex:1;overflow:auto;padding:12px 14px;display:flex;flex-direction:column;gap:8px}
.item{display:block;width:100%;text-align:left;border:1px solid #d5dbe3;border-radius:10px;padding:10px;background:#f8fafc;cursor:pointer;color:#1f2933}
.item small{display:block;color:#52606d;font-size:12px}
.msg{max-width:85%;padding:8px 11px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.msg.in{align-self:flex-end;background:#1d4ed8;color:#fff}
.msg.out{align-self:flex-start;background:#eef2f7;color:#1f2933}
.msg.in a{color:#fff}
.msg.out a{color:#1d4ed8}
.who{display:block;font-size:12px;font-weight:600;margin-bottom:2px}
form{display:flex;flex-direction:column;gap:6px;padding:10px 14px;border-top:1px solid #e4e7eb}
label{font-size:12px;font-weight:600;color:#323f4b}
input,textarea{width:100%;border:1px solid #9aa5b1;border-radius:8px;padding:8px;background:#fff;color:#1f2933}
textarea{resize:none;height:64px}
.send{align-self:flex-end;border:0;border-radius:8px;padding:8px 16px;background:#1d4ed8;color:#fff;font-weight:600;cursor:pointer}
.send:disabled{opacity:.6;cursor:default}
.link{border:0;background:transparent;color:#1d4ed8;cursor:pointer;padding:0;text-decoration:underline;align-self:flex-start}
.error{color:#b91c1c;font-size:13px}
.muted{color:#52606d}
.cites{margin:6px 0 0;padding-left:18px;font-size:13px}
.person{align-self:flex-start;border:1px solid #1d4ed8;border-radius:8px;padding:6px 12px;background:#fff;color:#1d4ed8;font-weight:600;cursor:pointer}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** Applies the styles to the shadow root: a constructed sheet where supported (no inline style for a CSP to refuse). */
export function applyStyles(root: ShadowRoot): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
  }
}
