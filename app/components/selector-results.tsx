import type { Ref } from 'react';
import { Link } from 'react-router';
import { contactPathFor, findRepPathFor } from '#shared/navigation.ts';
import { journeyFromAnswers, journeyQuery } from '#shared/validation/selector-journey.ts';
import {
  answerLabel,
  type Answers,
  impliedSteps,
  pathTaken,
  type QuestionStep,
  questionFor,
  resultCard,
  resultsFor,
  selectorHref,
} from '#shared/product-selector.ts';
import type { RegionId } from '#shared/regions.ts';

interface SelectorResultsProps {
  answers: Answers;
  region: RegionId;
  backHref: string | null;
  linkState: unknown;
  headingRef?: Ref<HTMLHeadingElement>;
}

const GROUP_CLASS = {
  'Nutrient Management': 'nutrient',
  'Nutrient Protection': 'nitrogen',
  'Seed Enhancement': 'seed',
} as const;

export function SelectorResults({ answers, region, backHref, linkState, headingRef }: SelectorResultsProps) {
  const cards = resultsFor(answers).map((key) => resultCard(key, region));
  const asked = pathTaken(answers).filter((s): s is QuestionStep => s !== 7);
  // a step passed with its one possible answer is listed too, in step order, without Change (nothing else to choose)
  const implied = impliedSteps(answers);
  const listed = [...asked, ...implied].sort((a, b) => a - b);
  // the answers and products travel to the contact form in its address: no cookie, nothing stored
  const askHref = `${contactPathFor(region)}?${journeyQuery(journeyFromAnswers(answers))}`;
  return (
    <section className="selector-results" aria-labelledby="selector-results-heading">
      <h1 id="selector-results-heading" className="selector-heading" ref={headingRef} tabIndex={-1}>
        Your recommended products
      </h1>
      <p className="selector-results__intro">
        Based on your answers, these products fit your operation. Download the label and safety data sheet, or talk to a retailer or rep
        near you.
      </p>

      <dl className="selector-summary">
        {listed.map((step) => {
          const question = questionFor(step);
          return (
            <div key={step} className="selector-summary__item">
              <dt>{question.title}</dt>
              <dd>
                <span>{answerLabel(question.step, answers[question.step])}</span>
                {implied.includes(step) ? null : (
                  <Link to={selectorHref(question.step, answers)} state={linkState} className="selector-summary__change">
                    Change<span className="visually-hidden"> {question.title.toLowerCase()}</span>
                  </Link>
                )}
              </dd>
            </div>
          );
        })}
      </dl>

      <h2 className="visually-hidden">Products</h2>
      <ul className="result-grid">
        {cards.map((card) => (
          <li key={card.key} className={`result-card result-card--${GROUP_CLASS[card.group]}`}>
            <article aria-labelledby={`result-${card.key}`} className="result-card__body">
              <p className="result-card__group">{card.group}</p>
              <h3 id={`result-${card.key}`} className="result-card__name">
                {card.name}
              </h3>
              <p className="result-card__benefit">{card.benefit}</p>
              {card.analysis ? (
                <p className="result-card__analysis">
                  <span>Guaranteed analysis</span> <strong>{card.analysis}</strong>
                </p>
              ) : null}
              <ul className="result-card__links">
                <li>
                  <a href={card.labelHref} className="result-card__doc">
                    Product Label<span className="visually-hidden"> for {card.name}</span>
                  </a>
                </li>
                <li>
                  <a href={card.sdsHref} className="result-card__doc">
                    SDS<span className="visually-hidden"> for {card.name}</span>
                  </a>
                </li>
                <li className="result-card__details">
                  <Link to={card.detailsHref} className="button button--primary button--small">
                    Product Details<span className="visually-hidden"> for {card.name}</span>
                  </Link>
                </li>
              </ul>
            </article>
          </li>
        ))}
      </ul>

      <div className="selector-actions selector-actions--results">
        {backHref ? (
          <Link className="button button--ghost selector-actions__back" to={backHref} state={linkState}>
            <span aria-hidden="true">←</span> Back
          </Link>
        ) : null}
        <p className="selector-actions__note">Ready to order? Talk to a retailer or rep near you.</p>
        <Link className="button button--accent selector-actions__finder" to={findRepPathFor(region)}>
          Find a Retailer/Rep
        </Link>
      </div>
      <div className="selector-ask">
        <p className="selector-ask__note" id="selector-ask-note">
          Questions first? Our agronomists can see your answers and these products when you write to us, so you need not repeat them.
        </p>
        <Link className="button button--ghost selector-ask__link" to={askHref} aria-describedby="selector-ask-note">
          Ask us about these products
        </Link>
      </div>
    </section>
  );
}
