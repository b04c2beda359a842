import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Icon } from '../../components/icon';
import type { SidebarItem } from './sidebar-items';

function SortableItem({ item }: { item: SidebarItem }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.pathId });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'nav-item is-dragging' : 'nav-item'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="nav-link nav-drag-handle"
        aria-label={`Move ${item.label}`}
        {...attributes}
        {...listeners}
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

/** Edit mode (SPEC 2): the items reorder by dragging, or by keyboard (Space to lift, arrows to move, Space to drop). */
export function SortableNavList({
  items,
  onReorder,
}: {
  items: SidebarItem[];
  onReorder: (items: SidebarItem[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd({ active, over }: DragEndEvent): void {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.pathId === active.id);
    const to = items.findIndex((item) => item.pathId === over.id);
    onReorder(arrayMove(items, from, to));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a menu item, press Space, use the arrow keys, then press Space again to drop it.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.pathId)} strategy={verticalListSortingStrategy}>
        <ul className="nav-list is-editing" aria-label="Reorder the menu">
          {items.map((item) => (
            <SortableItem key={item.pathId} item={item} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
