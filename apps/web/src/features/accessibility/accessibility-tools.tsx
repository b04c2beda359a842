import { useAccessibility } from './accessibility-context';
import { AccessibilityModal } from './accessibility-modal';
import { Magnifier } from './magnifier';
import { PageAnnouncer } from './page-announcer';
import { ReadingGuide } from './reading-guide';
import './accessibility.css';

/** The modal and the on-screen aids the settings turn on. */
export function AccessibilityTools() {
  const { settings } = useAccessibility();
  return (
    <>
      <AccessibilityModal />
      {settings.readingGuide && <ReadingGuide />}
      {settings.magnifierEnabled && <Magnifier />}
      {settings.screenReader && <PageAnnouncer />}
    </>
  );
}
