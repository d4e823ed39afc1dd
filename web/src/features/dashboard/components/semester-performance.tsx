import { Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp, IconEqual } from '@tabler/icons-react';
import type { EmployeeDashboard } from '#contract/insights';
import { ScoreBandBadge } from '../../../components/score-band';
import { formatPercent } from '../../../lib/format';
import { monthLabel } from '../chart-data';
import { compareSemesters, comparisonSentence } from '../semester-comparison';

type Semester = EmployeeDashboard['this_semester'];

function span(semester: Semester): string {
  return `${monthLabel(semester.first_month)} – ${monthLabel(semester.last_month)}`;
}

function SemesterCard({
  title,
  label,
  score,
  semester,
}: {
  title: string;
  label: string;
  score: number;
  semester: Semester;
}) {
  const values = semester.metric_count;
  return (
    <Paper withBorder p="md" role="group" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        <ScoreBandBadge score={values > 0 ? score : 0} size="sm" />
      </Group>
      <Text fz={30} fw={700} lh={1.3}>
        {formatPercent(score)}
      </Text>
      <Text size="sm">{label}</Text>
      <Text size="xs" c="dimmed">
        {span(semester)} · {values} {values === 1 ? 'value' : 'values'}
      </Text>
    </Paper>
  );
}

/**
 * SPEC.md section 2's Semester Performance: This Semester and Last Semester averages (one
 * decimal and a percent sign), the comparison sentence, and the "Previous semester baseline"
 * label on the last semester's card.
 */
export function SemesterPerformance({
  data,
  failed = false,
}: {
  data: EmployeeDashboard | undefined;
  failed?: boolean;
}) {
  const comparison = data
    ? compareSemesters({
        thisScore: data.average_score_this_semester,
        lastScore: data.average_score_last_semester,
        thisCount: data.this_semester.metric_count,
        lastCount: data.last_semester.metric_count,
      })
    : null;
  const TrendIcon =
    comparison?.kind === 'improved'
      ? IconTrendingUp
      : comparison?.kind === 'declined'
        ? IconTrendingDown
        : IconEqual;
  const trendColor =
    comparison?.kind === 'improved'
      ? 'green.9'
      : comparison?.kind === 'declined'
        ? 'red.9'
        : undefined;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="semester-performance-title">
      <Title order={2} size="h4" id="semester-performance-title" mb="sm">
        Semester Performance
      </Title>
      {failed ? (
        <Text c="dimmed" size="sm">
          Not available.
        </Text>
      ) : !data ? (
        // The size of the two cards and the sentence, so nothing moves when they arrive.
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton height={130} />
            <Skeleton height={130} />
          </SimpleGrid>
          <Skeleton height={20} width="60%" mt="md" />
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SemesterCard
              title="This Semester"
              label="Average score so far"
              score={data.average_score_this_semester}
              semester={data.this_semester}
            />
            <SemesterCard
              title="Last Semester"
              label="Previous semester baseline"
              score={data.average_score_last_semester}
              semester={data.last_semester}
            />
          </SimpleGrid>
          {comparison && (
            <Group gap="xs" mt="md" wrap="nowrap" align="flex-start">
              <Text component="span" c={trendColor} lh={0}>
                <TrendIcon size={20} aria-hidden />
              </Text>
              <Text size="sm" fw={600} data-testid="semester-comparison">
                {comparisonSentence(comparison)}
              </Text>
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
