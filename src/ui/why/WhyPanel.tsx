import { Callout, HTMLTable, Tag } from "@blueprintjs/core";
import type { Explanation } from "../../engine/explain/Explanation";
import { plainWhy } from "./plainWhy";
import { whySummary } from "./whySummary";

interface WhyPanelProps {
  explanation: Explanation;
  /** Where a rule id links to (the rule catalogue); none renders plain ids. */
  ruleHref?: (ruleId: string) => string;
}

/**
 * The engine's explanation of a field or block: its state and why, in plain words; for analysts
 * (folded) the trace with rule ids and values, and each rule with its spec source.
 */
export function WhyPanel({ explanation, ruleHref }: WhyPanelProps) {
  const { badges, lines } = whySummary(explanation);
  const plain = plainWhy(explanation);
  return (
    <div className="portal-why" data-testid="why-panel">
      <div className="portal-why__head">
        <strong>{explanation.label}</strong>{" "}
        {badges.map((b) => (
          <Tag key={b.text} minimal intent={b.intent} style={{ marginLeft: 4 }}>
            {b.text}
          </Tag>
        ))}
      </div>
      <ul className="portal-why__plain" aria-label="Why, in plain words">
        {plain.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <details className="portal-why__analysts">
        <summary>For analysts: rules and values</summary>
        <Callout compact style={{ marginTop: 8 }}>
          <div className="portal-why__trace">
            {lines.map((line, i) => (
              <p
                key={i}
                className="portal-why__line"
                style={{
                  margin: i ? "4px 0 0" : 0,
                  paddingLeft: `${(line.length - line.trimStart().length) * 6}px`,
                }}
              >
                {line.trim()}
              </p>
            ))}
          </div>
        </Callout>
        {explanation.rules.length > 0 ? (
          <HTMLTable compact striped style={{ marginTop: 8, width: "100%" }}>
            <thead>
              <tr>
                <th>Rule</th>
                <th>In plain words</th>
                <th>Spec</th>
              </tr>
            </thead>
            <tbody>
              {explanation.rules.map((r) => (
                <tr key={r.id}>
                  <td>
                    {ruleHref ? <a href={ruleHref(r.id)}>{r.id}</a> : r.id}{" "}
                    <Tag minimal>{r.kind}</Tag>
                  </td>
                  <td>{r.words}</td>
                  <td>{r.source}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </details>
    </div>
  );
}
