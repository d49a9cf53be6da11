/** The part of jStat (https://jstat.github.io, no types of its own) the studio uses. */
declare module 'jstat' {
  export const jStat: {
    studentt: {
      /** P(T ≤ x) for Student's t with `dof` degrees of freedom. */
      cdf(x: number, dof: number): number;
      /** The x with P(T ≤ x) = p. */
      inv(p: number, dof: number): number;
    };
  };
}
