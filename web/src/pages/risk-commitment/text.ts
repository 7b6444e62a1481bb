/** The day's figures of the commitment board (the server's commitment answer). */
export interface CommitmentFigures {
  date?: string;
  unitsTotal?: number;
  unitsInOperation?: number;
  unitsStopped?: number;
  specialWorks?: number;
  hazardsOpen?: number;
  hazardsOpenMajor?: number;
  hazardsOverdue?: number;
  tasksDue?: number;
  tasksDone?: number;
}

const n = (v: unknown) => Number(v) || 0;

/**
 * The commitment text in English, from the same figures the server writes its Chinese text
 * with (board.go): the server's text is a Chinese sentence, not user data.
 */
export function commitmentTextEn(d: CommitmentFigures): string {
  return (
    `${d.date || ''}: the enterprise has ${n(d.unitsTotal)} risk analysis units, ${n(d.unitsInOperation)} in operation and ` +
    `${n(d.unitsStopped)} stopped; ${n(d.specialWorks)} special works today; ${n(d.hazardsOpen)} hazards not yet rectified ` +
    `(${n(d.hazardsOpenMajor)} major, ${n(d.hazardsOverdue)} overdue); ${n(d.tasksDue)} hazard inspection tasks today, ` +
    `${n(d.tasksDone)} done. We commit: every production unit and storage facility is running safely, and every safety risk is under control.`
  );
}
