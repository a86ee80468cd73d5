import type { StepCopy } from "#app/content/types.ts";

/** Numbered steps (a how-to or a process), laid out as a row of columns on wide screens. */
export function StepList({ steps }: { steps: readonly StepCopy[] }) {
  return (
    <ol className="step-list">
      {steps.map((step, index) => (
        <li key={step.title} className="step-list__item">
          <span className="step-list__number" aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="step-list__title">{step.title}</h3>
          <p className="step-list__text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
