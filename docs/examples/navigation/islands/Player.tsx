import { useState } from 'react';

/** Stands for anything that must not restart on every page: its state survives client navigations. */
export default function Player({ track }: { track: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <button type="button" aria-pressed={playing} onClick={() => setPlaying(!playing)}>
      {playing ? 'Pause' : 'Play'} {track}
    </button>
  );
}
