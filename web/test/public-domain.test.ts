import { looksLikeEmail } from '../src/public/domain/email';
import { FALLBACK_COUNT, fallbackImage } from '../src/public/domain/images';
import { BOOK_REQUEST_STATE, bookHereTarget, bookItemHref, isBookRequest, landingForward } from '../src/public/domain/navigation';
import { filterResults, RESULT_FILTERS } from '../src/public/domain/results';
import { detailDuration } from '../src/public/domain/treatment';
import { footerLinks } from '../src/public/site';

describe('e-mail rule of the public forms', () => {
  it('needs something with an @', () => {
    expect(looksLikeEmail('ana@example.ph')).toBe(true);
    expect(looksLikeEmail('   ')).toBe(false);
    expect(looksLikeEmail('ana.example.ph')).toBe(false);
  });
});

describe('fallback images', () => {
  it('rotate through distinct pictures by position, per side', () => {
    const clinic = Array.from({ length: FALLBACK_COUNT }, (_, i) => fallbackImage('clinic', i));
    expect(new Set(clinic).size).toBe(FALLBACK_COUNT);
    expect(fallbackImage('clinic', FALLBACK_COUNT)).toBe(clinic[0]);
    expect(fallbackImage('studio', 0)).not.toBe(clinic[0]);
    expect(fallbackImage('clinic', -1)).toBe(clinic[FALLBACK_COUNT - 1]);
  });

  it('are inline SVG, so nothing is downloaded', () => {
    expect(fallbackImage('studio', 2)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});

describe('landing anchors', () => {
  it('send #booking to the booking section of the current side', () => {
    expect(landingForward('#booking', 'studio')).toBe('/studio#booking');
    expect(landingForward('#booking', 'clinic')).toBe('/clinic#booking');
  });

  it('keep the item a book button was for', () => {
    expect(bookItemHref('t 1')).toBe('/landing?item=t+1#booking');
    expect(landingForward('#booking', 'clinic', '?item=t1')).toBe('/clinic?item=t1#booking');
  });

  it('send the clinic sections to the clinic page and leave the rest', () => {
    expect(landingForward('#treatments', 'studio')).toBe('/clinic#treatments');
    expect(landingForward('#about-us', 'clinic')).toBe('/clinic#about-us');
    expect(landingForward('', 'clinic')).toBeNull();
    expect(landingForward('#nowhere', 'clinic')).toBeNull();
  });
});

describe('results filter', () => {
  const results = [
    { id: '1', category: 'Facials' },
    { id: '2', category: 'Acne Treatment' },
    { id: '3', category: 'facials ' },
  ];
  it('offers All and the four categories', () => {
    expect(RESULT_FILTERS).toEqual(['All', 'Facials', 'Anti-Aging', 'Skin Rejuvenation', 'Acne Treatment']);
  });

  it('shows everything for All and one category otherwise', () => {
    expect(filterResults(results, 'All')).toEqual(results);
    expect(filterResults(results, 'Facials').map((r) => r.id)).toEqual(['1', '3']);
    expect(filterResults(results, 'Anti-Aging')).toEqual([]);
  });
});

describe('treatment detail duration', () => {
  it("shows the treatment's own text, or 90 minutes", () => {
    expect(detailDuration({ duration: '60 minutes' })).toBe('60 minutes');
    expect(detailDuration({ duration: '  ' })).toBe('90 minutes');
  });
});

describe('footer quick links', () => {
  it('are in-page anchors on the clinic page', () => {
    expect(footerLinks(true).map((l) => l.href)).toEqual(['#treatments', '#about-us', '#results', '#news', '#contact']);
  });

  it("reach the clinic's sections from other pages, but Contact stays on the page the visitor is on", () => {
    expect(footerLinks(false)).toEqual([
      { label: 'Treatments', href: '/landing#treatments' },
      { label: 'About Us', href: '/landing#about-us' },
      { label: 'Results', href: '/landing#results' },
      { label: 'News', href: '/landing#news' },
      { label: 'Contact', href: '#contact' },
    ]);
  });
});

describe("a package card's Book This Package (issue 26)", () => {
  it('asks the booking form on the same page for that package, as a request even when the address already asks for it', () => {
    expect(bookHereTarget('p 1')).toEqual({ search: '?item=p+1', hash: '#booking' });
    expect(isBookRequest(BOOK_REQUEST_STATE)).toBe(true);
    expect(isBookRequest(null)).toBe(false);
    expect(isBookRequest({ idx: 0 })).toBe(false);
  });
});
