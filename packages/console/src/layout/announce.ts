// A polite live region the shell renders once: screen readers hear what changed without losing their place.
let region: HTMLElement | null = null;
export const setAnnouncer = (el: HTMLElement | null) => {
  region = el;
};
export function announce(message: string) {
  if (!region) return;
  region.textContent = '';
  // A new text node after a tick: announced even when the same sentence repeats.
  setTimeout(() => {
    if (region) region.textContent = message;
  }, 50);
}
