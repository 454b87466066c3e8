// The bottom line: the panel, the budget spent, the current problem, the keys. Presentational.
import { Box, Text } from 'ink';

export interface StatusBarProps {
  url: string;
  spent: number;
  budget: number;
  problem: string | null;
}

export function StatusBar({ url, spent, budget, problem }: StatusBarProps) {
  return (
    <Box>
      <Text dimColor wrap="truncate-end">
        {`${url}  ·  ${spent}/${budget} req/min  ·  `}
        {problem ? <Text color="red">{problem}</Text> : <Text color="green">live</Text>}
        {'  ·  q quit  tab pane  ←→ page  r refresh  ? help'}
      </Text>
    </Box>
  );
}
