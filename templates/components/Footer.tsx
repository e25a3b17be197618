import { memo } from 'react';
import { identity } from '../identity.ts';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';

const LINKS = [
  { label: 'Company', href: '/about/company' },
  { label: 'Team', href: '/about/team' },
  { label: 'Services', href: '/services' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Insights Blog', href: '/blogs' },
  { label: 'Case Studies', href: '/projects' },
  { label: 'Free Consultation', href: '/contact' },
];

/**
 * The footer (templates/README.md, "Footer and floating button"): links, contact icons, the
 * consent reopener and the copyright line. The same on every page of a build: `memo` lets the
 * engine render it once per build (and year).
 */
export const Footer = memo(function Footer({ year }: { year: number }) {
  return (
    <footer className="site-footer" id="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href="/" className="brand brand-footer">
            <Logo />
            <span>{identity.name}</span>
          </a>
          <p>Data, cloud, AI and security engineering for teams that need it to work the first time.</p>
          <div className="footer-icons">
            <a
              className="icon-button"
              href={identity.linkedIn}
              aria-label="Kestrel Point on LinkedIn"
              rel="noopener noreferrer"
              target="_blank"
            >
              <Icon name="linkedin" size="sm" />
            </a>
            <a className="icon-button" href={`mailto:${identity.email}`} aria-label={`E-mail ${identity.email}`}>
              <Icon name="mail" size="sm" />
            </a>
          </div>
        </div>
        <nav aria-label="Footer" className="footer-nav">
          <ul>
            {LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={`mailto:${identity.email}`}>Email Us</a>
            </li>
            <li>
              <a href="/privacy-policy#changing-your-choice" data-consent-reopen="">
                Privacy &amp; Cookies
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-legal">
        <p>
          © {identity.founded}–{year} {identity.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
});
