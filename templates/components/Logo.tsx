/**
 * The firm's mark, drawn inline (the same drawing as /images/logo.svg, which the social images
 * use): the header and footer show it on every page, and inline it paints with the HTML instead of
 * waiting for a request of its own.
 */
export function Logo() {
  return (
    <svg className="logo" width={36} height={36} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#10213A" />
      <path d="M6 50 Q32 40 58 50" fill="none" stroke="#16325C" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M32 10.5C34.6 10.5 36.2 12.6 36.2 15.2L36.6 21.6C44.2 21.4 52.2 25.2 57.5 33.2C51.5 31 43.8 31 37.4 34.2L36.3 41L39.6 52C35.5 54.6 28.5 54.6 24.4 52L27.7 41L26.6 34.2C20.2 31 12.5 31 6.5 33.2C11.8 25.2 19.8 21.4 27.4 21.6L27.8 15.2C27.8 12.6 29.4 10.5 32 10.5Z"
        fill="#F4EFE6"
      />
      <path d="M26.6 34.2C20.2 31 12.5 31 6.5 33.2L9.5 30.6C15 29.6 21 30 26.9 32Z" fill="#C2410C" />
      <path d="M37.4 34.2C43.8 31 51.5 31 57.5 33.2L54.5 30.6C49 29.6 43 30 37.1 32Z" fill="#C2410C" />
      <path d="M24.4 52C28.5 54.6 35.5 54.6 39.6 52L39 50C35 52 29 52 25 50Z" fill="#C2410C" />
      <circle cx="50" cy="13" r="3.2" fill="#E0A526" />
    </svg>
  );
}
