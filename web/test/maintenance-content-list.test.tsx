import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { ContentListPage } from '../src/maintenance/catalog/ContentListPage';
import { system } from '../src/shared/theme';

interface Item {
  id: string;
  name: string;
}

const remove = { mutate: () => undefined, isPending: false };
const card = { title: (i: Item) => i.name, media: () => null, body: (i: Item) => <p>body of {i.name}</p> };

function render(query: { isLoading: boolean; error: unknown; data?: Item[] }, extra: { addInHeader?: boolean; href?: boolean; edit?: boolean } = {}) {
  return renderToStaticMarkup(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <ContentListPage<Item>
          title="Widgets"
          description="All the widgets."
          addLabel="Add Widget"
          onAdd={() => undefined}
          addInHeader={extra.addInHeader}
          query={query}
          empty={<p>No widgets yet</p>}
          card={{ ...card, href: extra.href ? (i) => `/maintenance/widgets/${i.id}` : undefined }}
          onEdit={extra.edit ? () => undefined : undefined}
          remove={remove}
        />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('a console content screen', () => {
  const items = { isLoading: false, error: null, data: [{ id: 'w1', name: 'Sprocket' }] };

  it('says it is loading, failed or empty in words made from its title', () => {
    expect(render({ isLoading: true, error: null })).toContain('Loading widgets...');
    expect(render({ isLoading: false, error: new Error('boom') })).toContain('Widgets could not be loaded.');
    expect(render({ isLoading: false, error: null, data: [] })).toContain('No widgets yet');
  });

  it('shows a card per item with its heading, body and labelled buttons', () => {
    const html = render(items, { edit: true });
    expect(html).toMatch(/<h2[^>]*>Sprocket<\/h2>/);
    expect(html).toContain('body of Sprocket');
    expect(html).toContain('aria-label="Edit Sprocket"');
    expect(html).toContain('aria-label="Delete Sprocket"');
  });

  it('offers Edit only where the screen edits in place, and links the card to its detail screen when it has one', () => {
    const linked = render(items, { href: true });
    expect(linked).not.toContain('aria-label="Edit Sprocket"');
    expect(linked).toContain('href="/maintenance/widgets/w1"');
    expect(render(items)).not.toContain('href=');
  });

  it('hides the header add button when asked (the empty state offers its own)', () => {
    expect(render(items)).toContain('Add Widget');
    expect(render(items, { addInHeader: false })).not.toContain('Add Widget');
  });
});
