import { Modal } from '../../components/modal';
import { useAccessibility } from './accessibility-context';
import { AccessibilityPanel } from './accessibility-panel';
import { useAccessibilityShortcuts } from './accessibility-shortcuts';

/** SPEC 2: the Alt+A accessibility modal. */
export function AccessibilityModal() {
  useAccessibilityShortcuts();
  const { modalOpen, setModalOpen } = useAccessibility();
  return (
    <Modal open={modalOpen} title="Accessibility" onClose={() => setModalOpen(false)}>
      <AccessibilityPanel />
    </Modal>
  );
}
