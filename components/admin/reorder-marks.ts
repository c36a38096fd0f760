// The attributes and classes of a list reordered by `usePointerReorder`, in a plain module: the
// server-rendered slide cards use them too (a 'use client' module's exports are references there).

/** Marks the element that starts a drag: a handle inside one of the list's items. */
export const REORDER_HANDLE = 'data-reorder-handle';
/**
 * The list's and its items' classes: the list is the group its handles show in once scripts
 * run; the dragged item is dimmed and the one it would land on ringed.
 */
export const REORDER_LIST_CLASS = 'group/reorder';
export const REORDER_ITEM_CLASS = 'data-reorder-dragging:opacity-50 data-reorder-target:ring-4 data-reorder-target:ring-brand';
/** Set on the dragged item while it moves, and on the item it would land on: for their styles. */
export const DRAGGING = 'data-reorder-dragging';
export const TARGET = 'data-reorder-target';
