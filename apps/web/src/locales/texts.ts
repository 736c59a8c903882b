/** A language's texts have the Chinese texts' shape: every key required, every leaf a string (or strings). */
export type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends string[] ? string[] : Texts<T[K]>;
};
