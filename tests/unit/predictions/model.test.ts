import { describe, expect, it } from 'vitest';
import { emailFeatures } from '../../../src/server/predictions/emailFeatures';
import { scoreLabels } from '../../../src/server/predictions/evaluate';
import { productLabels } from '../../../src/server/predictions/predictionTargets';
import { SpaceyModel } from '../../../src/server/predictions/SpaceyModel';
import { buildModel, evaluateModel, type Example } from '../../../src/server/predictions/trainModel';

// Issue 15: the model reads sender domain, subject and body, and learns labels from linked products.

const senders = [
  { from: 'offers@mail.bigbank.co.uk', words: 'checking account savings interest rate deposit', sector: '87', category: '1001', company: '11', mt: '1' },
  { from: 'deals@travelnow.com', words: 'flight hotel vacation booking miles trip', sector: '90', category: '1040', company: '22', mt: '2' },
  { from: 'news@telco-mobile.net', words: 'phone plan data unlimited wireless minutes', sector: '95', category: '1050', company: '33', mt: '4' },
];

function examples(n: number): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < n; i++) {
    const s = senders[i % senders.length];
    const f = emailFeatures({ email_subject: `Offer ${i} ${s.words.split(' ')[i % 5]}`, email_from_one: s.from, email_from_name: 'Team', text_body: `${s.words} lorem${i} ipsum`, html_body: null });
    out.push({ muid: i + 1, tokens: f.tokens, labels: { sector: s.sector, category: s.category, mailing_type: s.mt, company: s.company }, companyName: `Company ${s.company}` });
  }
  return out;
}

describe('predictions model', () => {
  it('reads the registrable sender domain (tldts), subject and body words', () => {
    const f = emailFeatures({ email_subject: 'Big SALE today', email_from_one: 'News <offers@mail.bigbank.co.uk>', email_from_name: 'Big Bank', text_body: null, html_body: '<p>Open a <b>checking</b> account</p>' });
    expect(f.domain).toBe('bigbank.co.uk');
    expect(f.tokens).toEqual(expect.arrayContaining(['domain:bigbank.co.uk', 'subject:sale', 'checking', 'account', 'sender:bank']));
    expect(f.text).toContain('Subject: Big SALE today');
  });

  it('takes labels from the first sector chain, mailing type and first company', () => {
    expect(productLabels({ sectors: [[{ id: 87, name: 'Banking' }, { id: 1001 }]], mailing_type: 2, companies: [{ companyID: 5, companyName: 'X' }] })).toEqual({ sector: '87', category: '1001', mailing_type: '2', company: '5' });
    expect(productLabels({})).toEqual({ sector: null, category: null, mailing_type: null, company: null });
  });

  it('learns labels from examples and explains the top guess with evidence', () => {
    const model = new SpaceyModel(buildModel(examples(30)));
    const f = emailFeatures({ email_subject: 'Your new flight', email_from_one: 'deals@travelnow.com', email_from_name: '', text_body: 'book a hotel for your vacation', html_body: null });
    const p = model.predict(f.tokens);
    expect(p.sector.guesses[0]).toMatchObject({ label: '90' });
    expect(p.company.guesses[0]).toMatchObject({ label: '22', title: 'Company 22' });
    expect(p.sector.guesses[0].score).toBeGreaterThan(0.5);
    expect(p.sector.evidence.map((e) => e.token)).toContain('domain:travelnow.com');
    // A label a reviewer rejected for this email is not offered again.
    const again = model.predict(f.tokens, { sector: new Set(['90']) });
    expect(again.sector.guesses.map((g) => g.label)).not.toContain('90');
  });

  it('evaluates by 5-fold cross-validation (every example held out once) next to the majority baseline', () => {
    const { evaluation } = evaluateModel(examples(60));
    expect(evaluation).toMatchObject({ test: 60, folds: 5 });
    expect(evaluation.train).toBeGreaterThan(40);
    expect(evaluation.train).toBeLessThan(60);
    expect(evaluation.targets.sector!.model.n).toBe(60);
    expect(evaluation.targets.sector!.baseline.accuracy).toBeGreaterThan(0);
    expect(evaluation.targets.sector!.model.accuracy).toBe(1);
    expect(evaluation.targets.sector!.baseline.accuracy).toBeLessThan(0.7);
  });

  it('scores accuracy and macro-F1', () => {
    expect(scoreLabels(['a', 'a', 'b', 'c'], ['a', 'a', 'a', 'a'])).toEqual({ accuracy: 0.5, macroF1: 0.222, n: 4 });
    expect(scoreLabels(['a', 'b'], ['a', 'b'])).toEqual({ accuracy: 1, macroF1: 1, n: 2 });
  });
});

describe('predictions scorer', () => {
  it("gives wink-naive-bayes-text-classifier's own odds for every label", async () => {
    const naiveBayes = (await import('wink-naive-bayes-text-classifier')).default;
    const stored = buildModel(examples(30));
    const model = new SpaceyModel(stored);
    for (const target of ['sector', 'company'] as const) {
      const nb = naiveBayes();
      nb.definePrepTasks([]);
      nb.importJSON(stored.targets[target]!.classifier);
      nb.consolidate();
      const tokens = model.target(target)!.known(emailFeatures({ email_subject: 'hotel deal', email_from_one: 'x@travelnow.com', email_from_name: '', text_body: 'plan data savings', html_body: null }).tokens);
      const ours = new Map(model.target(target)!.odds(tokens));
      const theirs = nb.computeOdds(tokens);
      expect(theirs.length).toBe(ours.size);
      for (const [label, odds] of theirs) expect(ours.get(label)).toBeCloseTo(odds, 9);
    }
  });
});
