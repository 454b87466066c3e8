// The bottom line: the panel, the requests spent, the current problem, the keys. Presentational.
import { Box, Text } from 'ink';

export interface StatusBarProps {
  url: string;
  /** e.g. `12/40 req/min`. */
  usage: string;
  /** The current problem, or null when the data is live. */
  problem: string | null;
  /** The game server's problem while the panel answers (view.ts gameText), or null. */
  game: string | null;
  /** e.g. `q quit  tab pane  ←→ page  r refresh  ? help`. */
  hint: string;
}

export function StatusBar({ url, usage, problem, game, hint }: StatusBarProps) {
  return (
    <Box height={1}>
      <Text wrap="truncate-end">
        <Text dimColor>{`${url}  ·  ${usage}  ·  `}</Text>
        {problem ? (
          <Text color="red">{problem}</Text>
        ) : game ? (
          <Text color="yellow">{`panel live, ${game}`}</Text>
        ) : (
          <Text color="green">live</Text>
        )}
        <Text dimColor>{`  ·  ${hint}`}</Text>
      </Text>
    </Box>
  );
}
