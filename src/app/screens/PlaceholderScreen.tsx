import { H2, NonIdealState } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';

interface PlaceholderScreenProps {
  title: string;
  /** What the finished screen will do, in the users' words. */
  purpose: string;
}

/** Stands in for a screen a later issue builds; says plainly what it is and shows the route params. */
export function PlaceholderScreen({ title, purpose }: PlaceholderScreenProps) {
  const params = useParams();
  const entries = Object.entries(params).filter(([name]) => name !== '*');
  return (
    <section className="portal-placeholder">
      <H2>{title}</H2>
      <p>{purpose}</p>
      {entries.length > 0 ? (
        <dl className="portal-placeholder__params">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <NonIdealState icon="build" description="This screen is not built yet." />
    </section>
  );
}
