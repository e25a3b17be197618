import { useState } from 'react';

/** An island: a React component rendered to HTML at build time, then hydrated in the browser. */
export default function Counter({ start, label }: { start: number; label: string }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}
