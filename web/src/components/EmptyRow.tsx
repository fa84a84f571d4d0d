import type { ComponentChildren } from 'preact';

// The one row of a table body that has nothing to list: a muted note across all its columns.
export function EmptyRow({ columns, children }: { columns: number; children: ComponentChildren }) {
  return (
    <tr>
      <td colSpan={columns} class="muted">
        {children}
      </td>
    </tr>
  );
}
