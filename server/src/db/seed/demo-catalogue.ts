/** The raw material of the demo organisation: believable names, roles and measures. */

export const DEPARTMENTS = [
  'CIT',
  'Electrical Engineering',
  'Civil Engineering',
  'Media Studies',
  'Commerce',
] as const;

export const POSITIONS: Record<(typeof DEPARTMENTS)[number], string[]> = {
  CIT: [
    'Head of Department',
    'Senior Lecturer',
    'Lecturer',
    'Systems Administrator',
    'Software Developer',
    'Lab Technician',
  ],
  'Electrical Engineering': [
    'Head of Department',
    'Professor',
    'Senior Lecturer',
    'Lecturer',
    'Lab Engineer',
    'Research Assistant',
  ],
  'Civil Engineering': [
    'Head of Department',
    'Professor',
    'Lecturer',
    'Site Supervisor',
    'Structural Analyst',
    'Research Assistant',
  ],
  'Media Studies': [
    'Head of Department',
    'Senior Lecturer',
    'Lecturer',
    'Video Producer',
    'Communications Officer',
    'Studio Technician',
  ],
  Commerce: [
    'Head of Department',
    'Professor',
    'Senior Lecturer',
    'Lecturer',
    'Accountant',
    'Business Analyst',
  ],
};

export const FIRST_NAMES = [
  'Amara',
  'Kwame',
  'Lena',
  'Mateo',
  'Priya',
  'Jonas',
  'Aisha',
  'Hiroshi',
  'Sofia',
  'Daniel',
  'Chloe',
  'Ravi',
  'Fatima',
  'Lucas',
  'Ingrid',
  'Tomasz',
  'Nia',
  'Oliver',
  'Mei',
  'Samuel',
  'Elena',
  'Kofi',
  'Hannah',
  'Diego',
  'Yara',
  'Ethan',
  'Zanele',
  'Marco',
  'Leila',
  'Noah',
  'Grace',
  'Arjun',
  'Freya',
  'Ibrahim',
  'Clara',
  'Tariq',
  'Julia',
  'Kenji',
  'Ruth',
  'Felix',
];

export const LAST_NAMES = [
  'Okafor',
  'Mensah',
  'Fischer',
  'Alvarez',
  'Sharma',
  'Lindqvist',
  'Bello',
  'Tanaka',
  'Rossi',
  'Nguyen',
  'Dubois',
  'Patel',
  'Haddad',
  'Silva',
  'Johansson',
  'Kowalski',
  'Adeyemi',
  'Bennett',
  'Chen',
  'Osei',
  'Popescu',
  'Boateng',
  'Schmidt',
  'Moreno',
  'Farah',
  'Walker',
  'Dlamini',
  'Ricci',
  'Karimi',
  'Murphy',
  'Afolabi',
  'Reddy',
  'Larsen',
  'Hassan',
  'Novak',
  'Aziz',
];

export const SKILLS = [
  'Curriculum design',
  'Python',
  'Data analysis',
  'Public speaking',
  'Project management',
  'AutoCAD',
  'Circuit design',
  'Video editing',
  'Financial modelling',
  'Mentoring',
  'Grant writing',
  'Networking',
  'Technical writing',
  'Research methods',
  'Team leadership',
];

export const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'contract',
  'intern',
  'consultant',
] as const;
export const LOCATIONS = [
  'headquarters',
  'branch-la',
  'branch-chicago',
  'remote',
  'hybrid',
] as const;

export interface DemoMetricType {
  metric_name: string;
  description: string;
  measurement_unit: string;
  minimum_value: number | null;
  maximum_value: number | null;
  /** Typical value and spread, for believable numbers. */
  mean: number;
  spread: number;
}

export const METRIC_TYPES: DemoMetricType[] = [
  {
    metric_name: 'Teaching Quality',
    description: 'Average of peer and student teaching evaluations',
    measurement_unit: '%',
    minimum_value: 1,
    maximum_value: 100,
    mean: 76,
    spread: 18,
  },
  {
    metric_name: 'Student Satisfaction',
    description: 'End-of-term survey score',
    measurement_unit: '%',
    minimum_value: 1,
    maximum_value: 100,
    mean: 72,
    spread: 20,
  },
  {
    metric_name: 'Project Delivery',
    description: 'Milestones delivered on time in the period',
    measurement_unit: '%',
    minimum_value: 1,
    maximum_value: 100,
    mean: 68,
    spread: 25,
  },
  {
    metric_name: 'Attendance',
    description: 'Scheduled days attended',
    measurement_unit: '%',
    minimum_value: 50,
    maximum_value: 100,
    mean: 94,
    spread: 6,
  },
  {
    metric_name: 'Research Output',
    description: 'Weighted publications and grants score',
    measurement_unit: 'points',
    minimum_value: 1,
    maximum_value: 100,
    mean: 55,
    spread: 30,
  },
  {
    metric_name: 'Training Hours',
    description: 'Professional development hours completed',
    measurement_unit: 'hours',
    minimum_value: 1,
    maximum_value: 80,
    mean: 24,
    spread: 18,
  },
  {
    metric_name: 'Peer Review',
    description: '360-degree feedback from colleagues',
    measurement_unit: 'score',
    minimum_value: 1,
    maximum_value: 100,
    mean: 74,
    spread: 16,
  },
  {
    metric_name: 'Innovation Index',
    description: 'Ideas proposed and adopted',
    measurement_unit: 'points',
    minimum_value: null,
    maximum_value: null,
    mean: 60,
    spread: 28,
  },
];

export const BONUSES = [
  {
    bonus_name: 'Excellence in Teaching',
    description: 'Outstanding teaching evaluations this term',
  },
  { bonus_name: 'Research Grant Award', description: 'Secured external research funding' },
  {
    bonus_name: 'Project Completion',
    description: 'Delivered the department project ahead of schedule',
  },
  { bonus_name: 'Perfect Attendance', description: 'No unplanned absence over the semester' },
  {
    bonus_name: 'Innovation Award',
    description: 'An adopted idea that improved how the team works',
  },
  {
    bonus_name: 'Mentorship Recognition',
    description: 'Guided new colleagues through their first year',
  },
];

export const QUESTIONS = [
  'What support would help you reach your goals this semester?',
  'Which achievement this term are you proudest of?',
  'Is your workload manageable? What would you change?',
  'What training would you like the department to offer next year?',
  'How could your team collaborate better?',
];

export const ANSWERS = [
  'More time for research and a mentor in my field would help most.',
  'Launching the new lab course with excellent student feedback.',
  'Mostly, though marking peaks are hard; staggered deadlines would help.',
  'A workshop on data analysis tools and one on grant writing.',
  'A shared planning board and a short weekly check-in.',
];
