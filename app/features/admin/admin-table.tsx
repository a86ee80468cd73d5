import type { ReactNode } from "react";
import { MSG } from "#contract/messages.ts";

export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and amounts align to the end. */
  numeric?: boolean;
  /** A code or SKU, never broken inside (admin.css). */
  token?: boolean;
}

/**
 * A back-office list as a table with a caption (read by screen readers, hidden on screen); on narrow screens each
 * row becomes a card whose cells carry their column's name (admin.css).
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  if (rows.length === 0) return <p className="admin-empty">{MSG.admin.noResults}</p>;
  return (
    <div className="admin-table__frame">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" data-numeric={column.numeric || undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  data-numeric={column.numeric || undefined}
                  data-token={column.token || undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
