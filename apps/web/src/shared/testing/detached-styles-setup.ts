/**
 * Component tests only (jsdom). antd's CSS-in-JS writes thousands of rules into <head>, and jsdom's getComputedStyle
 * matches every rule of every sheet on each call (about 0.1 s a call: 9 of a dialog test's 12 s). No component test
 * reads layout or a class's colours, so the style elements go to a detached holder: antd still builds its styles,
 * jsdom no longer cascades them. Inline styles (antd hides closed popups with `display: none` inline) still count.
 *
 * Once per environment: the project runs with `isolate: false`, so a worker's files share one jsdom and this setup runs
 * again for each of them; patching again would stack one more wrapper and one more holder per file.
 */
const PATCHED = Symbol.for('sl.detachedStyles');
const head = HTMLHeadElement.prototype as HTMLHeadElement & { [PATCHED]?: true };
if (!head[PATCHED]) {
  head[PATCHED] = true;
  const holder = document.createElement('div');
  const appendChild = head.appendChild;
  const insertBefore = head.insertBefore;
  const removeChild = head.removeChild;

  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return node instanceof HTMLStyleElement ? holder.appendChild(node) : (appendChild.call(this, node) as T);
  };
  head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
    return node instanceof HTMLStyleElement ? holder.appendChild(node) : (insertBefore.call(this, node, child) as T);
  };
  head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return node.parentNode === holder ? holder.removeChild(node) : (removeChild.call(this, node) as T);
  };
}
