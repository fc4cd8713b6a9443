// wink-naive-bayes-text-classifier ships no types; these are the methods the predictions use.
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(cfg: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: Array<(input: unknown) => unknown>): number;
    learn(input: string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string[]): Array<[string, number]>;
    predict(input: string[]): string;
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export = naiveBayesTextClassifier;
}
