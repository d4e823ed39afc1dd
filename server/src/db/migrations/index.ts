import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as people from './0002_people';
import * as performance from './0003_performance';
import * as insights from './0004_insights';
import * as questions from './0005_questions';
import * as insightsLockOrder from './0006_insights_lock_order';
import * as listTotals from './0007_list_totals';
import * as searchIndexes from './0008_search_indexes';
import * as exactSearchTables from './0009_exact_search_tables';
import * as postgresSearchTables from './0010_postgres_search_tables';
import * as pendingQuestionsOrder from './0011_pending_questions_order';
import * as pendingQuestionsSearch from './0012_pending_questions_search';
import * as postgresPendingQuestionsIndexes from './0013_postgres_pending_questions_indexes';
import * as postgresPendingQuestionsWalk from './0014_postgres_pending_questions_walk';
import * as postgresNewestFirstIndexes from './0015_postgres_newest_first_indexes';
import * as postgresStaffSearchTable from './0016_postgres_staff_search_table';
import * as postgresQuestionsSearchOrder from './0017_postgres_questions_search_order';
import * as monthlyScoresCoveringIndex from './0018_monthly_scores_covering_index';
import * as employeeDashboardVersions from './0019_employee_dashboard_versions';
import * as rowVersions from './0020_row_versions';
import * as tableVersions from './0021_table_versions';
import * as scoreRankNames from './0022_score_rank_names';
import * as orderedSearchTables from './0023_ordered_search_tables';
import * as postgresUsersSearchOrder from './0024_postgres_users_search_order';
import * as searchPostings from './0025_search_postings';
import * as questionsWalkCoveringIndex from './0026_questions_walk_covering_index';
import * as postgresSearchPostings from './0027_postgres_search_postings';
import * as postgresAuditSearchTable from './0028_postgres_audit_search_table';
import * as auditWalkCoveringIndex from './0029_audit_walk_covering_index';
import * as postgresCoveringWalkIndexes from './0030_postgres_covering_walk_indexes';
import * as postgresQuestionsSearchVersions from './0031_postgres_questions_search_versions';
import * as nameOrderWalks from './0032_name_order_walks';
import * as metricValueHours from './0033_metric_value_hours';
import * as metricValueDays from './0034_metric_value_days';
import * as recentJoinersIndex from './0035_recent_joiners_index';

/** Every migration in the order it runs. Append; never edit or reorder a released one. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_people': people,
  '0003_performance': performance,
  '0004_insights': insights,
  '0005_questions': questions,
  '0006_insights_lock_order': insightsLockOrder,
  '0007_list_totals': listTotals,
  '0008_search_indexes': searchIndexes,
  '0009_exact_search_tables': exactSearchTables,
  '0010_postgres_search_tables': postgresSearchTables,
  '0011_pending_questions_order': pendingQuestionsOrder,
  '0012_pending_questions_search': pendingQuestionsSearch,
  '0013_postgres_pending_questions_indexes': postgresPendingQuestionsIndexes,
  '0014_postgres_pending_questions_walk': postgresPendingQuestionsWalk,
  '0015_postgres_newest_first_indexes': postgresNewestFirstIndexes,
  '0016_postgres_staff_search_table': postgresStaffSearchTable,
  '0017_postgres_questions_search_order': postgresQuestionsSearchOrder,
  '0018_monthly_scores_covering_index': monthlyScoresCoveringIndex,
  '0019_employee_dashboard_versions': employeeDashboardVersions,
  '0020_row_versions': rowVersions,
  '0021_table_versions': tableVersions,
  '0022_score_rank_names': scoreRankNames,
  '0023_ordered_search_tables': orderedSearchTables,
  '0024_postgres_users_search_order': postgresUsersSearchOrder,
  '0025_search_postings': searchPostings,
  '0026_questions_walk_covering_index': questionsWalkCoveringIndex,
  '0027_postgres_search_postings': postgresSearchPostings,
  '0028_postgres_audit_search_table': postgresAuditSearchTable,
  '0029_audit_walk_covering_index': auditWalkCoveringIndex,
  '0030_postgres_covering_walk_indexes': postgresCoveringWalkIndexes,
  '0031_postgres_questions_search_versions': postgresQuestionsSearchVersions,
  '0032_name_order_walks': nameOrderWalks,
  '0033_metric_value_hours': metricValueHours,
  '0034_metric_value_days': metricValueDays,
  '0035_recent_joiners_index': recentJoinersIndex,
};
