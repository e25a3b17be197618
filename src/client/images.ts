/**
 * Gives images a loading state and the error image a site names: an `<img data-fallback="/x.svg">`
 * is marked `data-enhanced` while watched and `data-loaded` once it has loaded (a loading style
 * keyed on the pair shows only where this clears it), and swaps to its fallback once if it fails. Inside a
 * `<picture>`, the `<source>` elements go too: while they remain, the browser keeps choosing them
 * over the `<img>`'s own `src`.
 */
export function enhanceImages(scope: ParentNode): void {
  for (const img of scope.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    if (img.dataset.enhanced !== undefined) continue;
    img.dataset.enhanced = '';
    const loaded = () => img.setAttribute('data-loaded', '');
    const failed = () => {
      const fallback = img.dataset.fallback;
      // After the swap, only the fallback's own failure counts (it leaves the image complete); an
      // error event of the first attempt still queued must not end the loading state early.
      if (img.dataset.failed !== undefined) return img.complete ? loaded() : undefined;
      if (!fallback) return loaded();
      img.dataset.failed = '';
      if (img.parentElement instanceof HTMLPictureElement) {
        for (const source of img.parentElement.querySelectorAll('source')) source.remove();
      }
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
      img.src = fallback;
    };
    img.addEventListener('load', loaded);
    img.addEventListener('error', failed);
    // An image may have settled before this script ran; a lazy one not yet fetched is not `complete`.
    if (img.complete) {
      if (img.naturalWidth === 0) failed();
      else loaded();
    }
  }
}
