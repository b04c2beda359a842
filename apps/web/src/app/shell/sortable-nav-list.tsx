import { useId, useState, type KeyboardEvent } from 'react';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Icon } from '../../components/icon';
import type { SidebarItem } from './sidebar-items';

/** The item lifted by keyboard, and the order to go back to if the move is cancelled. */
type Lifted = { id: string; original: SidebarItem[] };

function SortableItem({
  item,
  lifted,
  describedBy,
  onKeyDown,
}: {
  item: SidebarItem;
  lifted: boolean;
  describedBy: string;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.pathId });
  return (
    <li
      ref={setNodeRef}
      className={isDragging || lifted ? 'nav-item is-dragging' : 'nav-item'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="nav-link nav-drag-handle"
        aria-label={`Move ${item.label}`}
        {...attributes}
        {...listeners}
        aria-pressed={lifted || isDragging}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <Icon name={item.icon} />
        <span className="nav-label">{item.label}</span>
        <span className="nav-grip" aria-hidden="true">
          ⋮⋮
        </span>
      </button>
    </li>
  );
}

/**
 * Edit mode (SPEC 2): the items reorder by dragging (dnd-kit's pointer sensor), or by keyboard:
 * Space or Enter lifts, the arrows move, Space or Enter drops, Escape cancels. The keyboard
 * moves are the list's own (ADR 0168): dnd-kit's keyboard sensor turns an arrow into a smooth
 * scroll of the sidebar when the sidebar scrolls, and a drop before that scroll ends moved nothing.
 */
export function SortableNavList({
  items,
  onReorder,
}: {
  items: SidebarItem[];
  onReorder: (items: SidebarItem[]) => void;
}) {
  const instructionsId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [draft, setDraft] = useState<SidebarItem[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = draft ?? items;

  function onDragEnd({ active, over }: DragEndEvent): void {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.pathId === active.id);
    const to = items.findIndex((item) => item.pathId === over.id);
    onReorder(arrayMove(items, from, to));
  }

  function position(id: string, list: SidebarItem[]): string {
    return `position ${list.findIndex((item) => item.pathId === id) + 1} of ${list.length}`;
  }

  function onHandleKeyDown(item: SidebarItem, event: KeyboardEvent<HTMLButtonElement>): void {
    const drop = event.key === ' ' || event.key === 'Enter';
    if (!lifted || lifted.id !== item.pathId) {
      if (!drop) return;
      // Lifting another item puts back one lifted and left without a drop.
      const original = lifted?.original ?? items;
      event.preventDefault();
      setLifted({ id: item.pathId, original });
      setDraft(original);
      setAnnouncement(`Picked up ${item.label}, ${position(item.pathId, original)}.`);
      return;
    }
    const from = shown.findIndex((candidate) => candidate.pathId === item.pathId);
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const to = Math.min(shown.length - 1, Math.max(0, from + (event.key === 'ArrowUp' ? -1 : 1)));
      const moved = arrayMove(shown, from, to);
      setDraft(moved);
      setAnnouncement(`${item.label} moved to ${position(item.pathId, moved)}.`);
    } else if (drop) {
      event.preventDefault();
      setLifted(null);
      setDraft(null);
      const changed = shown.some((candidate, index) => candidate !== lifted.original[index]);
      if (changed) onReorder(shown);
      setAnnouncement(`${item.label} dropped at ${position(item.pathId, shown)}.`);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setLifted(null);
      setDraft(null);
      setAnnouncement(`Move cancelled: ${item.label} is back at ${position(item.pathId, lifted.original)}.`);
    }
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={shown.map((item) => item.pathId)} strategy={verticalListSortingStrategy}>
        <ul className="nav-list is-editing" aria-label="Reorder the menu">
          {shown.map((item) => (
            <SortableItem
              key={item.pathId}
              item={item}
              lifted={lifted?.id === item.pathId}
              describedBy={instructionsId}
              onKeyDown={(event) => onHandleKeyDown(item, event)}
            />
          ))}
        </ul>
      </SortableContext>
      <p id={instructionsId} className="visually-hidden">
        To move a menu item, press Space, use the arrow keys, then press Space again to drop it, or Escape to cancel.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </DndContext>
  );
}
