import { describeAccessibility } from './support/accessibility-suite';

/** Issue 8 in the dark theme (support/accessibility-suite.ts; the other theme has its own file). */
describeAccessibility('dark');
