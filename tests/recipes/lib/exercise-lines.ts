// The lines a recipe's exercise program prints, one JSON object per call (tests/recipes/<language>/).
export interface ExerciseLine {
  operation: string;
  space: string;
  status: number;
  /** The generated type the body was decoded into; '' when it was not. */
  decoded: string;
  detail?: string;
}

export function exerciseLines(stdout: string): ExerciseLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const parsed = JSON.parse(line);
      return { operation: parsed.operation, space: parsed.space, status: parsed.status, decoded: parsed.decoded ?? '', detail: parsed.detail };
    });
}
