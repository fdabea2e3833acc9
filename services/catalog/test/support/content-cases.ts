// The content resources the catalog's CRUD tests run through, and what those tests share.

export interface Item {
  id: string;
  offeringType: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}
export interface Problem {
  message: string;
  details?: { path: string; message: string }[];
}

export const anonymous = { anonymous: true };
export const UNKNOWN_ID = '0123456789abcdef01234567';
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export interface ResourceCase {
  name: string;
  path: string;
  /** A valid body (without offeringType) whose fields come back as sent. */
  valid: Record<string, unknown>;
  change: Record<string, unknown>;
  required: string[];
  defaultOffering: string;
}

export const resources: ResourceCase[] = [
  {
    name: 'treatments',
    path: '/api/treatments',
    valid: {
      name: 'Hydra Facial',
      description: 'Deep cleanse and hydration',
      duration: '60 minutes',
      price: '₱3,500',
      defaultDuration: 60,
      whatToExpect: ['Cleanse', 'Extract', 'Hydrate'],
      imageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.png',
    },
    change: { price: '₱4,000', defaultDuration: 90 },
    required: ['name', 'description', 'duration', 'price'],
    defaultOffering: 'clinic',
  },
  {
    name: 'results',
    path: '/api/results',
    valid: {
      description: 'Clearer skin after four sessions',
      category: 'Acne Treatment',
      beforeImageUrl: 'https://example.com/before.jpg',
      afterImageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.jpg',
    },
    change: { description: 'Clearer skin after six sessions', category: 'Facials' },
    required: ['description'],
    defaultOffering: 'clinic',
  },
  {
    name: 'news',
    path: '/api/news',
    valid: {
      title: 'Open on Saturdays',
      excerpt: 'Now open weekends',
      content: 'From this month\nwe open on Saturdays.',
      publishedAt: '2026-01-15T02:00:00.000Z',
      category: 'Clinic News',
    },
    change: { title: 'Open on Saturdays and Sundays', publishedAt: '2026-02-01T01:00:00.000Z' },
    required: ['title', 'excerpt', 'content'],
    defaultOffering: 'both',
  },
  {
    name: 'staff',
    path: '/api/staff',
    valid: {
      name: 'Dr. Isabel Reyes',
      position: 'Dermatologist',
      bio: 'Fifteen years of practice',
      displayOrder: 2,
      imageUrl: 'https://example.com/isabel.png',
    },
    change: { position: 'Medical Director', displayOrder: 1 },
    required: ['name', 'position', 'bio'],
    defaultOffering: 'both',
  },
  {
    name: 'packages',
    path: '/api/packages',
    valid: {
      name: 'Solo Portrait',
      description: 'Headshots and branding',
      duration: '1 hour',
      price: 3500,
      features: ['15 edited photos', 'Online gallery'],
      defaultDuration: 60,
    },
    change: { price: 4200.5, features: ['20 edited photos'] },
    required: ['name', 'description', 'duration', 'price'],
    defaultOffering: 'studio',
  },
  {
    name: 'portfolio',
    path: '/api/portfolio',
    valid: {
      title: 'Golden Hour',
      description: 'Intramuros at sunset',
      category: 'Pre-Wedding',
      imageUrl: '/api/uploads/0123456789abcdef0123456789abcdef.png',
    },
    change: { title: 'Golden Hour in Intramuros', description: '' },
    required: ['title', 'category', 'imageUrl'],
    defaultOffering: 'studio',
  },
];

export const without = (body: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
