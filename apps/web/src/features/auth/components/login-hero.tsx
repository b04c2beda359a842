import { Icon, type IconName } from '../../../components/icon';
import { useStaggeredReveal } from './use-staggered-reveal';

type Feature = { icon: IconName; title: string; text: string };

const FEATURES: Feature[] = [
  {
    icon: 'clock',
    title: 'Time and expenses',
    text: 'Record time by client and service, with rates captured the moment an entry is saved.',
  },
  {
    icon: 'billing',
    title: 'Billing from work in progress',
    text: 'Select unbilled work, adjust the bill, and issue numbered invoices with a PDF.',
  },
  {
    icon: 'ledger',
    title: 'Accounts receivable',
    text: 'An append-only ledger with running balances, aging buckets and client statements.',
  },
  {
    icon: 'portal',
    title: 'Client portal',
    text: 'Clients open their invoice with an access code and pay online.',
  },
];

export function LoginHero({ onLogIn }: { onLogIn: () => void }) {
  const revealed = useStaggeredReveal(FEATURES.length);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-copy">
        <p className="hero-eyebrow">Practice management for accounting firms</p>
        <h1 id="hero-title">From timesheet to paid invoice, in one place.</h1>
        <p className="hero-lead">
          Your firm records its time, bills its clients and follows every receivable here. Sign in with the account your
          administrator gave you.
        </p>
        <button type="button" className="button button-primary button-large" onClick={onLogIn}>
          Log In
        </button>
      </div>
      <ul className="hero-features">
        {FEATURES.map((feature, index) => (
          <li key={feature.title} className={index < revealed ? 'hero-feature is-visible' : 'hero-feature'}>
            <span className="hero-feature-icon">
              <Icon name={feature.icon} />
            </span>
            <span>
              <strong>{feature.title}</strong>
              <span className="hero-feature-text">{feature.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
