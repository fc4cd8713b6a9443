import { Callout, H4, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ModelVariant, PredictionTarget } from '../../api/predictionTypes';
import { usePredictions } from '../../api/hooks/spaceyHooks';
import { useSpaceyMeta, type SpaceyMeta } from './spaceyMeta';
import './predictions.css';

type TargetMeta = { key: PredictionTarget; label: string };

/** The plain word behind an evidence token (`subject:sale` -> sale, `domain:bank.com` -> bank.com). */
const wordOf = (token: string) => token.replace(/^(domain|host|subject|sender):/, '');

/** Splits the text into runs, marking every evidence word with the first target it weighs for. */
export function highlight(text: string, marks: Map<string, PredictionTarget>): ReactNode[] {
  if (marks.size === 0) return [text];
  const escaped = [...marks.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(${escaped.join('|')})`, 'gi');
  return text.split(re).map((part, i) => {
    const t = marks.get(part.toLowerCase());
    return t ? (
      <mark key={i} className={`evidence--${t}`}>
        {part}
      </mark>
    ) : (
      part
    );
  });
}

/**
 * /visualize/{muid}: the visual annotation. The text the model read, with the words and sender
 * domain that weighed for each top prediction highlighted (drawn as React text, never as HTML).
 */
export function VisualizeScreen() {
  const { meta, error } = useSpaceyMeta();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!meta) return <Spinner aria-label="Loading metadata" />;
  return <Visualize spaceyMeta={meta} />;
}

function Visualize({ spaceyMeta }: { spaceyMeta: SpaceyMeta }) {
  const targets = spaceyMeta.predictionScreen.targets as TargetMeta[];
  const muid = Number(useParams().muid);
  const [params] = useSearchParams();
  const variant: ModelVariant = params.get('variant') === '2019' ? '2019' : 'current';
  const { data, error: failed } = usePredictions(muid, variant);
  const error = failed?.message ?? null;
  const marks = useMemo(() => {
    const out = new Map<string, PredictionTarget>();
    if (data) for (const t of targets) for (const e of data.evidence[t.key] ?? []) if (!out.has(wordOf(e.token))) out.set(wordOf(e.token).toLowerCase(), t.key);
    return out;
  }, [data, targets]);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!data) return <Spinner aria-label="Loading annotation" />;
  const top = (t: PredictionTarget) => data[{ sector: 'sectors', category: 'cateegory', mailing_type: 'mailingtypename', company: 'companies' }[t] as 'sectors'][0];
  return (
    <section className="visualize" aria-label="Visual annotation">
      <H4>
        Visual annotation for MUID {muid}: {data.email_subject}
      </H4>
      <div className="visualize__legend">
        {targets.map((t) => (
          <Tag key={t.key} minimal className={`evidence--${t.key}`}>
            <mark className={`evidence--${t.key}`}>{t.label}</mark> {top(t.key)?.title ?? 'no prediction'}
          </Tag>
        ))}
      </div>
      {marks.size === 0 ? <Callout compact>No evidence: the model has no prediction for this email.</Callout> : null}
      <pre className="visualize__text" aria-label="Annotated text">
        {highlight(data.text, marks)}
      </pre>
    </section>
  );
}
