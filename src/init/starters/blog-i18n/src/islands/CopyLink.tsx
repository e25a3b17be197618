import { useEffect, useState } from 'react';

/** What the button says, in the page's language (from `t()` in the Post template). */
export interface CopyLinkWords {
  button: string;
  done: string;
  failed: string;
}

/**
 * A button that copies the page's address. It stays hidden until it runs in the browser (and
 * where the clipboard cannot be written), so nobody is shown a button that does nothing.
 */
export default function CopyLink({ url, words }: { url: string; words: CopyLinkWords }) {
  const [usable, setUsable] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setUsable(typeof navigator.clipboard?.writeText === 'function'), []);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setStatus(words.done),
      () => setStatus(words.failed),
    );
  return (
    <p className="copy-link" hidden={!usable}>
      <button type="button" onClick={copy}>
        {words.button}
      </button>{' '}
      <span role="status">{status}</span>
    </p>
  );
}
