import type { FormEvent, Ref } from 'react';
import { Link } from 'react-router';
import { type Answers, codesOf, type Question, QUESTIONS, SELECTOR_PATH, STEP_PARAM, visibleChoices } from '#shared/product-selector.ts';

interface SelectorStepProps {
  question: Question;
  answers: Answers;
  backHref: string | null;
  backState: unknown;
  headingRef?: Ref<HTMLHeadingElement>;
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
}

/**
 * One question as a GET form: it submits to the same URL and the loader moves on (a page load, with
 * or without JavaScript: app/client/islands/product-selector.ts only adds focus and history care).
 * Next is revealed by CSS once a choice is checked.
 */
export function SelectorStep({ question, answers, backHref, backState, headingRef, onSubmit }: SelectorStepProps) {
  const choices = visibleChoices(question.step, answers);
  const chosen = codesOf(answers[question.step]);
  const hintId = `selector-hint-${question.step}`;
  const type = question.multiple ? 'checkbox' : 'radio';
  const layout = choices.length <= 3 ? 'wide' : question.multiple || !choices.some((c) => c.detail) ? 'compact' : 'detailed';
  return (
    <form method="get" action={SELECTOR_PATH} className="selector-step" onSubmit={onSubmit} noValidate>
      <input type="hidden" name={STEP_PARAM} value={question.step} />
      {QUESTIONS.filter((q) => q.step !== question.step).flatMap((q) =>
        codesOf(answers[q.step]).map((code) => <input key={`${q.key}-${code}`} type="hidden" name={q.key} value={code} />),
      )}
      <fieldset className="choice-group" aria-describedby={hintId}>
        <legend className="choice-group__legend">
          <h1 className="selector-heading" ref={headingRef} tabIndex={-1}>
            {question.question}
          </h1>
        </legend>
        <p id={hintId} className="choice-group__hint">
          {question.hint}
        </p>
        <div className={`choice-grid choice-grid--${layout}`}>
          {choices.map((choice) => (
            <label key={choice.code} className={`choice choice--${type}`}>
              <input
                type={type}
                name={question.key}
                value={choice.code}
                defaultChecked={chosen.includes(choice.code)}
                className="choice__input"
              />
              <span className="choice__text">
                <span className="choice__label">{choice.label}</span>
                {choice.detail ? <span className="choice__detail">{choice.detail}</span> : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="selector-actions">
        {backHref ? (
          <Link className="button button--ghost selector-actions__back" to={backHref} state={backState}>
            <span aria-hidden="true">←</span> Back
          </Link>
        ) : null}
        <p className="selector-actions__prompt">
          {question.multiple ? 'Choose at least one answer to continue.' : 'Choose an answer to continue.'}
        </p>
        <button type="submit" name="go" value="next" className="button button--primary selector-actions__next">
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </form>
  );
}
