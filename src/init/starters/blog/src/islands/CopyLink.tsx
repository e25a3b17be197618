import { useEffect, useState } from 'react';

/**
 * A button that copies the page's address. It stays hidden until it runs in the browser (and
 * where the clipboard cannot be written), so nobody is shown a button that does nothing.
 */
export default function CopyLink({ url }: { url: string }) {
  const [usable, setUsable] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setUsable(typeof navigator.clipboard?.writeText === 'function'), []);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setStatus('Link copied.'),
      () => setStatus('Could not copy the link.'),
    );
  return (
    <p className="copy-link" hidden={!usable}>
      <button type="button" onClick={copy}>
        Copy link
      </button>{' '}
      <span role="status">{status}</span>
    </p>
  );
}
