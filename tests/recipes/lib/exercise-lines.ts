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
    // Maven's console resets colours (ESC[0m) at the start of the program's first line.
    .map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''))
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const parsed = JSON.parse(line);
      return { operation: parsed.operation, space: parsed.space, status: parsed.status, decoded: parsed.decoded ?? '', detail: parsed.detail };
    });
}
