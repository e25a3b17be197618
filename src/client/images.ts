/**
 * Gives images a loading state and the error fallback: an `<img data-fallback="/x.svg">` is marked
 * `data-loaded` once it has loaded, and swaps to its fallback once if it fails.
 */
export function enhanceImages(scope: ParentNode): void {
  for (const img of scope.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const loaded = () => img.setAttribute('data-loaded', '');
    const failed = () => {
      const fallback = img.dataset.fallback;
      if (!fallback || img.dataset.failed !== undefined) return loaded();
      img.dataset.failed = '';
      img.removeAttribute('srcset');
      img.src = fallback;
    };
    if (img.complete) {
      if (img.naturalWidth === 0) failed();
      else loaded();
      if (img.dataset.failed === undefined) continue;
    }
    img.addEventListener('load', loaded);
    img.addEventListener('error', failed);
  }
}
