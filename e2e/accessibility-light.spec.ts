import { describeAccessibility } from './support/accessibility-suite';

/** Issue 8 in the light theme (support/accessibility-suite.ts; the other theme has its own file). */
describeAccessibility('light');
