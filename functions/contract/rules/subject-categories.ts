/**
 * The subject categories of the generation form: a grouped list whose headers start with
 * `#`. Shared with the front end (plain data, no imports). The product (docs/product.md#generation) does not give the full list;
 * these are the twelve groups it names with niche roles under each, in the form's order.
 */
const rolesByGroup: Readonly<Record<string, readonly string[]>> = {
  'Professional & Educational': [
    'Teacher',
    'Tutor',
    'Career Coach',
    'Lawyer',
    'Accountant',
    'Doctor',
    'Nurse',
    'Therapist',
    'Real Estate Agent',
    'Financial Advisor',
    'Software Developer',
    'Scientist',
  ],
  Business: [
    'Entrepreneur',
    'Small Business Owner',
    'E-commerce Seller',
    'Marketing Consultant',
    'Startup Founder',
    'Freelancer',
    'Sales Professional',
    'Business Coach',
  ],
  Corporate: ['HR Manager', 'Recruiter', 'Executive', 'Project Manager', 'Team Leader', 'Corporate Trainer', 'Customer Success Manager'],
  Sports: ['Football Coach', 'Basketball Player', 'Tennis Coach', 'Runner', 'Cyclist', 'Golfer', 'Martial Artist', 'Swimmer'],
  Wellness: ['Yoga Instructor', 'Meditation Teacher', 'Nutritionist', 'Life Coach', 'Mental Health Advocate', 'Sleep Coach', 'Holistic Healer'],
  Fitness: ['Personal Trainer', 'Bodybuilder', 'CrossFit Coach', 'Pilates Instructor', 'Fitness Influencer', 'Calisthenics Athlete'],
  Creative: ['Photographer', 'Graphic Designer', 'Musician', 'Writer', 'Painter', 'Videographer', 'Interior Designer', 'Crafter'],
  'Pop Culture': ['Movie Reviewer', 'Gamer', 'Anime Fan', 'Book Reviewer', 'Tech Reviewer', 'Music Critic', 'Trend Watcher'],
  Lifestyle: ['Travel Blogger', 'Food Blogger', 'Home Chef', 'Minimalist', 'Fashion Blogger', 'Digital Nomad', 'Gardener', 'Pet Owner'],
  Beauty: ['Makeup Artist', 'Skincare Expert', 'Hair Stylist', 'Nail Artist', 'Esthetician', 'Barber'],
  Entertainment: ['Comedian', 'Actor', 'Magician', 'Podcaster', 'DJ', 'Dancer', 'Streamer'],
  'Family and Kids': ['Parent', 'Mom Blogger', 'Dad Blogger', 'Early Childhood Educator', 'Family Travel Planner', 'Kids Activity Creator'],
};

/** The form's list: each group's `#Header`, then its roles. */
export const subjectCategoryList: readonly string[] = Object.entries(rolesByGroup).flatMap(([group, roles]) => [`#${group}`, ...roles]);

export interface SubjectCategoryGroup {
  label: string;
  options: string[];
}

/** The list as groups: each `#Header` with the roles under it. */
export function subjectCategoryGroups(list: readonly string[] = subjectCategoryList): SubjectCategoryGroup[] {
  const groups: SubjectCategoryGroup[] = [];
  for (const entry of list) {
    if (entry.startsWith('#')) groups.push({ label: entry.slice(1), options: [] });
    else groups[groups.length - 1]?.options.push(entry);
  }
  return groups;
}

/** The group a category belongs to (a header's own name counts too). */
export function groupOfCategory(category: string | null | undefined): string | undefined {
  if (!category) return undefined;
  const wanted = category.replace(/^#/, '').trim().toLowerCase();
  for (const group of subjectCategoryGroups()) {
    if (group.label.toLowerCase() === wanted || group.options.some((option) => option.toLowerCase() === wanted)) return group.label;
  }
  return undefined;
}
