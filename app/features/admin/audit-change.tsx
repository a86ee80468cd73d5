import type { AuditEntryDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";

const T = MSG.adminAudit;

type Json = AuditEntryDto["before"];

const isRecord = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as the log shows it: text as it is, anything else as JSON, nothing as "(none)". */
const shown = (value: Json | undefined) =>
  value === undefined || value === null ? T.nothing : typeof value === "string" ? value : JSON.stringify(value);

/** One value, named for a screen reader (the arrow between them is drawn only). */
function Side({ name, value, className }: { name: string; value: Json | undefined; className: string }) {
  return (
    <span className={className}>
      <span className="visually-hidden">{name}: </span>
      {shown(value)}
    </span>
  );
}

/**
 * An audit entry's before and after: field by field when the subject's state is a record (each field either side
 * had), else the two values whole.
 */
export function AuditChange({ before, after }: { before: Json; after: Json }) {
  const records = (before === null || isRecord(before)) && (after === null || isRecord(after)) && (before ?? after) !== null;
  if (!records) {
    return (
      <p className="audit-change__whole">
        <Side name={T.before} value={before} className="audit-change__before" /> <span aria-hidden="true">→</span>{" "}
        <Side name={T.after} value={after} className="audit-change__after" />
      </p>
    );
  }
  const from = (before ?? {}) as Record<string, Json>;
  const to = (after ?? {}) as Record<string, Json>;
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return (
    <dl className="audit-change">
      {fields.map((field) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>
            <Side name={T.before} value={from[field]} className="audit-change__before" /> <span aria-hidden="true">→</span>{" "}
            <Side name={T.after} value={to[field]} className="audit-change__after" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
