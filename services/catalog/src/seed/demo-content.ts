import type { NewsCreate, PackageCreate, PortfolioCreate, ResultCreate, StaffCreate, TreatmentCreate } from '@bb/contracts';
import type { Artwork } from './art/artwork';
import { PALETTES, apertureArt, faceArt, glowArt, portraitArt, sceneArt } from './art/demo-art';

/** One demo item: a stable slug (its id derives from it), its fields, and the pictures to draw for it. */
export interface DemoItem<F, I extends string> {
  slug: string;
  fields: Omit<F, I>;
  art: Record<I, Artwork>;
}

export interface DemoResult extends DemoItem<ResultCreate, 'beforeImageUrl' | 'afterImageUrl'> {
  /** Slug of the treatment that produced it. */
  treatment: string;
}

export interface DemoContent {
  treatments: DemoItem<TreatmentCreate, 'imageUrl'>[];
  results: DemoResult[];
  news: DemoItem<NewsCreate, 'imageUrl'>[];
  staff: DemoItem<StaffCreate, 'imageUrl'>[];
  packages: DemoItem<PackageCreate, 'imageUrl'>[];
  portfolio: DemoItem<PortfolioCreate, 'imageUrl'>[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * The demo business: an aesthetic clinic and a photography studio in Bonifacio Global City,
 * Manila. Lists are in the order the pages show them; news dates count back from `now` so the
 * demo always looks current.
 */
export function demoContent(now: Date): DemoContent {
  return {
    treatments: [
      {
        slug: 'hydra-glow-facial',
        fields: {
          name: 'Signature Hydra Glow Facial',
          description:
            'Our best-loved facial: a deep cleanse, painless extraction and a serum infusion that leaves skin plump, dewy and calm. Ideal before an event or after long days in Manila heat.',
          duration: '60 minutes',
          price: '₱3,500',
          defaultDuration: 60,
          whatToExpect: [
            'A short skin consultation with your aesthetician',
            'Double cleanse and gentle exfoliation',
            'Vortex extraction to clear congested pores',
            'Hydrating serum infusion matched to your skin',
            'Sunscreen and home-care advice before you go',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.blush, 'hydra-glow-facial') },
      },
      {
        slug: 'diamond-peel',
        fields: {
          name: 'Diamond Peel Microdermabrasion',
          description:
            'A diamond-tipped wand buffs away dull surface cells to reveal smoother, brighter skin. No downtime, so you can go straight back to work.',
          duration: '45 minutes',
          price: '₱1,800',
          defaultDuration: 45,
          whatToExpect: [
            'Cleansing and skin assessment',
            'Diamond-tip exfoliation over the face and neck',
            'Soothing mask to calm any redness',
            'Moisturiser and SPF',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.champagne, 'diamond-peel') },
      },
      {
        slug: 'glass-skin-facial',
        fields: {
          name: 'Korean Glass Skin Facial',
          description:
            'A layered, multi-step facial inspired by Seoul skin clinics: enzyme peel, LED light and a cocktail of hyaluronic ampoules for that clear, luminous finish.',
          duration: '90 minutes',
          price: '₱4,200',
          defaultDuration: 90,
          whatToExpect: [
            'Enzyme peel to brighten and smooth',
            'Gentle extractions where needed',
            'LED light therapy for calm, even tone',
            'Hyaluronic ampoule layering and sheet mask',
            'Facial massage while the mask sets',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.lavender, 'glass-skin-facial') },
      },
      {
        slug: 'acne-clarifying',
        fields: {
          name: 'Acne Clarifying Treatment',
          description:
            'A doctor-guided treatment for active breakouts: a salicylic peel, careful extraction and blue light to calm inflammation and keep new spots from forming.',
          duration: '60 minutes',
          price: '₱2,800',
          defaultDuration: 60,
          whatToExpect: [
            'Assessment by our aesthetic physician',
            'Salicylic acid peel',
            'Sterile extraction of ripe blemishes',
            'Blue LED light to reduce acne bacteria',
            'A home-care plan for the weeks ahead',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.sage, 'acne-clarifying') },
      },
      {
        slug: 'rf-skin-tightening',
        fields: {
          name: 'RF Skin Tightening',
          description:
            'Radiofrequency energy gently warms the deeper layers of the skin to stimulate collagen, firming the jawline and softening fine lines over a course of sessions.',
          duration: '60 minutes',
          price: '₱6,500',
          defaultDuration: 60,
          whatToExpect: [
            'Photos and a consultation to plan your course',
            'Cooling gel applied to the treatment area',
            'Warm, comfortable radiofrequency passes',
            'Immediate glow; firmer skin builds over 4 to 6 weeks',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.champagne, 'rf-skin-tightening') },
      },
      {
        slug: 'collagen-microneedling',
        fields: {
          name: 'Collagen Microneedling',
          description:
            'Fine, controlled micro-channels prompt the skin to renew itself, refining pores, acne scars and uneven texture. Performed under numbing cream by our physicians.',
          duration: '90 minutes',
          price: '₱7,500',
          defaultDuration: 90,
          whatToExpect: [
            'Numbing cream for 20 to 30 minutes',
            'Microneedling with a growth-factor serum',
            'Calming mask and LED light',
            'Pinkness for a day or two, like a mild sunburn',
          ],
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.blush, 'collagen-microneedling') },
      },
      {
        slug: 'camera-ready-facial',
        fields: {
          name: 'Camera-Ready Glow Facial',
          description:
            'A quick brightening facial timed for the day before your photoshoot, so your skin looks its best in front of the lens. Pairs perfectly with any studio session.',
          duration: '45 minutes',
          price: '₱2,500',
          defaultDuration: 45,
          whatToExpect: [
            'Gentle exfoliation with no peeling afterwards',
            'Brightening vitamin C mask',
            'Cooling massage to de-puff',
            'Primer-friendly finish for make-up',
          ],
          offeringType: 'both',
        },
        art: { imageUrl: glowArt(PALETTES.lavender, 'camera-ready-facial') },
      },
    ],
    results: [
      {
        slug: 'hydra-glow-result',
        treatment: 'hydra-glow-facial',
        fields: {
          description: 'Dehydrated, tired-looking skin after months of late nights. One Signature Hydra Glow Facial restored bounce and a healthy, even glow.',
          category: 'Facials',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.blush, 'dull', false, 'r1'), afterImageUrl: faceArt(PALETTES.blush, 'dull', true, 'r1') },
      },
      {
        slug: 'glass-skin-result',
        treatment: 'glass-skin-facial',
        fields: {
          description: 'Uneven texture and a dull complexion, smoothed and brightened after a series of three Korean Glass Skin Facials.',
          category: 'Facials',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.lavender, 'dull', false, 'r2'), afterImageUrl: faceArt(PALETTES.lavender, 'dull', true, 'r2') },
      },
      {
        slug: 'rf-result',
        treatment: 'rf-skin-tightening',
        fields: {
          description: 'Fine lines on the forehead and around the mouth visibly softened after a course of six RF Skin Tightening sessions.',
          category: 'Anti-Aging',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.champagne, 'lines', false, 'r3'), afterImageUrl: faceArt(PALETTES.champagne, 'lines', true, 'r3') },
      },
      {
        slug: 'microneedling-result',
        treatment: 'collagen-microneedling',
        fields: {
          description: 'Sun spots and uneven tone faded after three Collagen Microneedling sessions, with a strict sunscreen routine in between.',
          category: 'Skin Rejuvenation',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.blush, 'spots', false, 'r4'), afterImageUrl: faceArt(PALETTES.blush, 'spots', true, 'r4') },
      },
      {
        slug: 'acne-result',
        treatment: 'acne-clarifying',
        fields: {
          description: 'Persistent breakouts along the cheeks and chin cleared over eight weeks of Acne Clarifying Treatments and a simple home routine.',
          category: 'Acne Treatment',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.sage, 'acne', false, 'r5'), afterImageUrl: faceArt(PALETTES.sage, 'acne', true, 'r5') },
      },
      {
        slug: 'teen-acne-result',
        treatment: 'acne-clarifying',
        fields: {
          description: 'A college student’s hormonal acne calmed in time for graduation photos, after four treatments two weeks apart.',
          category: 'Acne Treatment',
          offeringType: 'clinic',
        },
        art: { beforeImageUrl: faceArt(PALETTES.champagne, 'acne', false, 'r6'), afterImageUrl: faceArt(PALETTES.champagne, 'acne', true, 'r6') },
      },
    ],
    news: [
      {
        // The demo's office hours (booking's defaults): Monday to Friday, 9 AM to 5 PM.
        slug: 'online-booking',
        fields: {
          title: 'Book your BGC clinic visit online',
          excerpt: 'Pick a free time from Monday to Friday, 9 AM to 5 PM, whenever it suits you to book.',
          content:
            "You asked, we listened. Our clinic on 5th Avenue, Bonifacio Global City, now takes bookings online at any hour: choose a free time from Monday to Friday, 9 AM to 5 PM, and we'll contact you shortly to confirm your appointment.\n\nAll treatments are available, and our physicians hold consultations in the morning. Book early to secure your slot; lunchtime appointments fill up quickly.",
          publishedAt: daysBefore(now, 3),
          category: 'Clinic News',
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.blush, 'news-online-booking') },
      },
      {
        slug: 'rainy-season-skincare',
        fields: {
          title: 'Rainy-season skincare: keeping your glow through habagat',
          excerpt: 'Humidity, pollution and air-conditioning all at once: our aestheticians share five habits for calm, clear skin.',
          content:
            'The rainy season brings humidity outdoors and dry air-conditioned rooms indoors, and your skin feels both.\n\n1. Keep cleansing gentle: over-washing makes oil worse.\n2. Switch to a light gel moisturiser.\n3. Wear sunscreen even on grey days; UV passes through clouds.\n4. Exfoliate once a week, not more.\n5. Book a hydrating facial once a month to reset.',
          publishedAt: daysBefore(now, 12),
          category: 'Skincare Tips',
          offeringType: 'clinic',
        },
        art: { imageUrl: glowArt(PALETTES.sage, 'news-rainy-season') },
      },
      {
        slug: 'graduation-season',
        fields: {
          title: 'Graduation portrait season is here',
          excerpt: 'Toga or Filipiniana, solo or with the whole family: reserve your graduation session early.',
          content:
            'Graduation season is our busiest time in the studio. Bring your toga, your diploma and your proudest people.\n\nEach session includes two set-ups, a family shot and twenty edited photos delivered within a week. Late-afternoon slots go first, so book ahead.',
          publishedAt: daysBefore(now, 20),
          category: 'Studio News',
          offeringType: 'studio',
        },
        art: { imageUrl: sceneArt(PALETTES.plum, 'celebration', 'news-graduation') },
      },
      {
        slug: 'holiday-gift-cards',
        fields: {
          title: 'Give the gift of a glow this Christmas',
          excerpt: 'Gift cards for any treatment or photo session, beautifully wrapped and ready for the holidays.',
          content:
            'Looking for a present that feels personal? Our gift cards cover any clinic treatment or studio package, in any amount.\n\nPick them up at reception or ask us to send a digital card. Valid for twelve months, for both the clinic and the studio.',
          publishedAt: daysBefore(now, 34),
          category: 'Promotions',
          offeringType: 'both',
        },
        art: { imageUrl: glowArt(PALETTES.champagne, 'news-gift-cards') },
      },
    ],
    staff: [
      {
        slug: 'isabel-reyes-santos',
        fields: {
          name: 'Dr. Isabel Reyes-Santos',
          position: 'Medical Director and Dermatologist',
          bio: 'A board-certified dermatologist with fifteen years of practice in Makati and BGC, Dr. Isabel leads every treatment plan at the clinic.',
          displayOrder: 1,
          offeringType: 'clinic',
        },
        art: { imageUrl: portraitArt(PALETTES.blush, 'isabel') },
      },
      {
        slug: 'miguel-tan',
        fields: {
          name: 'Dr. Miguel Tan',
          position: 'Aesthetic Physician',
          bio: 'Dr. Miguel specialises in skin tightening and acne scar revision, and is known for putting nervous first-timers at ease.',
          displayOrder: 2,
          offeringType: 'clinic',
        },
        art: { imageUrl: portraitArt(PALETTES.champagne, 'miguel') },
      },
      {
        slug: 'trish-villanueva',
        fields: {
          name: 'Patricia Villanueva',
          position: 'Senior Aesthetician',
          bio: 'Trish trained in Seoul and brings the Korean glass-skin approach to every facial she performs.',
          displayOrder: 3,
          offeringType: 'clinic',
        },
        art: { imageUrl: portraitArt(PALETTES.sage, 'trish') },
      },
      {
        slug: 'camille-cruz',
        fields: {
          name: 'Camille Cruz',
          position: 'Skin Therapist',
          bio: 'Camille looks after our hydrating and brightening facials, and loves helping clients build simple routines that last.',
          displayOrder: 4,
          offeringType: 'clinic',
        },
        art: { imageUrl: portraitArt(PALETTES.lavender, 'camille') },
      },
      {
        slug: 'rafael-mendoza',
        fields: {
          name: 'Rafael Mendoza',
          position: 'Lead Photographer',
          bio: 'Rafael has photographed weddings from Batanes to Siargao and now leads the studio’s portrait and editorial work.',
          displayOrder: 1,
          offeringType: 'studio',
        },
        art: { imageUrl: portraitArt(PALETTES.plum, 'rafael') },
      },
      {
        slug: 'andrea-lim',
        fields: {
          name: 'Andrea Lim',
          position: 'Portrait and Maternity Photographer',
          bio: 'Andrea’s soft, natural-light style makes her the photographer of choice for maternity and newborn sessions.',
          displayOrder: 2,
          offeringType: 'studio',
        },
        art: { imageUrl: portraitArt(PALETTES.lavender, 'andrea') },
      },
      {
        slug: 'joshua-dela-cruz',
        fields: {
          name: 'Joshua Dela Cruz',
          position: 'Events Photographer',
          bio: 'From debuts to corporate launches, Joshua captures the candid moments everyone else misses.',
          displayOrder: 3,
          offeringType: 'studio',
        },
        art: { imageUrl: portraitArt(PALETTES.dusk, 'joshua') },
      },
      {
        slug: 'bea-navarro',
        fields: {
          name: 'Bea Navarro',
          position: 'Make-up Artist and Stylist',
          bio: 'Bea prepares every client for the camera, with a light touch that still looks like you.',
          displayOrder: 4,
          offeringType: 'studio',
        },
        art: { imageUrl: portraitArt(PALETTES.blush, 'bea') },
      },
    ],
    packages: [
      {
        slug: 'solo-portrait',
        fields: {
          name: 'Solo Portrait Session',
          description: 'A relaxed studio session for professional headshots, personal branding or simply a portrait you love.',
          duration: '1 hour',
          price: 3500,
          defaultDuration: 60,
          features: ['1 outfit and 1 backdrop', '15 professionally edited photos', 'Private online gallery', 'Light make-up touch-up'],
          offeringType: 'studio',
        },
        art: { imageUrl: apertureArt(PALETTES.plum, 'solo-portrait') },
      },
      {
        slug: 'family-portrait',
        fields: {
          name: 'Family Portrait Session',
          description: 'Up to eight family members, from lolas to toddlers, photographed in the studio with plenty of time for candid shots.',
          duration: '1.5 hours',
          price: 6500,
          defaultDuration: 90,
          features: ['Up to 8 people', '2 backdrops', '30 edited photos', 'One 11x14 framed print'],
          offeringType: 'studio',
        },
        art: { imageUrl: apertureArt(PALETTES.dusk, 'family-portrait') },
      },
      {
        slug: 'maternity-glow',
        fields: {
          name: 'Maternity Glow Session',
          description: 'Celebrate the wait with soft, timeless portraits; partners and siblings are welcome to join.',
          duration: '2 hours',
          price: 8500,
          defaultDuration: 120,
          features: ['Professional hair and make-up', 'Use of our maternity gown collection', '25 edited photos', 'Partner and sibling shots included'],
          offeringType: 'studio',
        },
        art: { imageUrl: apertureArt(PALETTES.lavender, 'maternity-glow') },
      },
      {
        slug: 'pre-wedding',
        fields: {
          name: 'Pre-Wedding Editorial',
          description: 'An editorial-style couple shoot in the studio and one location in Metro Manila, for save-the-dates and your wedding-day slideshow.',
          duration: '4 hours',
          price: 18000,
          defaultDuration: 240,
          features: ['Studio plus one Metro Manila location', '2 outfit changes', '60 edited photos', 'Same-week preview of 10 photos'],
          offeringType: 'studio',
        },
        art: { imageUrl: apertureArt(PALETTES.plum, 'pre-wedding') },
      },
      {
        slug: 'glow-and-shoot',
        fields: {
          name: 'Glow and Shoot Bundle',
          description: 'A Camera-Ready Glow Facial at the clinic followed by a solo portrait session at the studio next door, in one afternoon.',
          duration: '2.5 hours',
          price: 5500,
          defaultDuration: 150,
          features: ['Camera-Ready Glow Facial', 'Solo portrait session', '15 edited photos', 'Save ₱500 against booking separately'],
          offeringType: 'both',
        },
        art: { imageUrl: apertureArt(PALETTES.blush, 'glow-and-shoot') },
      },
    ],
    portfolio: [
      {
        slug: 'intramuros-golden-hour',
        fields: {
          title: 'Golden Hour in Intramuros',
          description: 'A pre-wedding walk along the old walls as the sun went down.',
          category: 'Pre-Wedding',
          offeringType: 'studio',
        },
        art: { imageUrl: sceneArt(PALETTES.dusk, 'couple', 'intramuros') },
      },
      {
        slug: 'santos-family',
        fields: { title: 'The Santos Family', description: 'Three generations, one very patient lola.', category: 'Family', offeringType: 'studio' },
        art: { imageUrl: sceneArt(PALETTES.dusk, 'family', 'santos') },
      },
      {
        slug: 'waiting-for-lia',
        fields: { title: 'Waiting for Baby Lia', description: 'Soft window light at thirty-four weeks.', category: 'Maternity', offeringType: 'studio' },
        art: { imageUrl: sceneArt(PALETTES.lavender, 'maternity', 'lia') },
      },
      {
        slug: 'tagaytay-engagement',
        fields: {
          title: 'Tagaytay Engagement',
          description: 'Cool air, Taal in the distance and a very happy yes.',
          category: 'Pre-Wedding',
          offeringType: 'studio',
        },
        art: { imageUrl: sceneArt(PALETTES.dusk, 'sunset', 'tagaytay') },
      },
      {
        slug: 'sofia-debut',
        fields: {
          title: 'Sofia’s Debut',
          description: 'Eighteen roses, eighteen candles and a dance floor that never emptied.',
          category: 'Events',
          offeringType: 'studio',
        },
        art: { imageUrl: sceneArt(PALETTES.plum, 'celebration', 'sofia') },
      },
      {
        slug: 'class-of-the-year',
        fields: { title: 'Class of the Year', description: 'Toga portraits for a proud nursing graduate.', category: 'Graduation', offeringType: 'studio' },
        art: { imageUrl: sceneArt(PALETTES.plum, 'solo', 'graduate') },
      },
      {
        slug: 'studio-silhouette',
        fields: { title: 'Studio Silhouette', description: 'A personal-branding portrait for a BGC architect.', category: 'Portraits', offeringType: 'studio' },
        art: { imageUrl: sceneArt(PALETTES.lavender, 'solo', 'architect') },
      },
      {
        slug: 'glow-day',
        fields: {
          title: 'Glow Day',
          description: 'A client’s portrait the afternoon after her Camera-Ready Glow Facial.',
          category: 'Portraits',
          offeringType: 'both',
        },
        art: { imageUrl: sceneArt(PALETTES.blush, 'solo', 'glow-day') },
      },
    ],
  };
}
