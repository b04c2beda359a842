import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { GUIDE_SECTIONS, type GuideSection } from '../../../lib/guide-sections';
import '../guide.css';

function SectionBody({ section }: { section: GuideSection }) {
  return (
    <>
      {section.flow && (
        <ol className="guide-diagram" aria-label={`${section.title}: the order of the steps`}>
          {section.flow.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>
  );
}

/**
 * /guide (SPEC 2): the user guide with a table of contents; /guide#billing and the other
 * anchors open at their section (the page loads lazily, so the scroll waits for it).
 */
export default function GuidePage() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="guide-page">
      <PageHeader title="User Guide">
        <p className="muted">
          How the time, client, billing and collection screens of this app work, and who may use them.
        </p>
      </PageHeader>
      <div className="guide-layout">
        <nav className="card guide-toc" aria-labelledby="guide-toc-heading">
          <h2 id="guide-toc-heading">Contents</h2>
          <ol>
            {GUIDE_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div>
          {GUIDE_SECTIONS.map((section) => (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              className="card guide-section"
              aria-labelledby={`${section.id}-heading`}
            >
              <h2 id={`${section.id}-heading`}>
                {section.title}
                <a className="anchor-link" href={`#${section.id}`} aria-label={`Link to ${section.title}`}>
                  #
                </a>
              </h2>
              {section.adminOnly && <p className="guide-note">Admin only.</p>}
              <SectionBody section={section} />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
