import { render, screen } from '@testing-library/react';
import {
  DOWNLOAD_ORIGINAL,
  DownloadOriginal,
  downloadLinkOf,
  isPdfOriginal,
  PdfPages,
  pageLabel,
  pagesText,
} from '../../../../src/client/entities/receipts/originalFile';

describe("a receipt's original", () => {
  it('tells a PDF from a photo by its link or data URL', () => {
    expect(isPdfOriginal('http://api/blobs/receipts/u/1b4e28ba-2fa1-11d2-883f-0016d3cca427.pdf?exp=1&sig=x')).toBe(true);
    expect(isPdfOriginal('data:application/pdf;base64,JVBERi0=')).toBe(true);
    expect(isPdfOriginal('http://api/blobs/receipts/u/1b4e28ba-2fa1-11d2-883f-0016d3cca427.jpg?exp=1&sig=x')).toBe(false);
  });

  it('is downloaded as a file through its signed link', () => {
    expect(downloadLinkOf('http://api/b/x.jpg?exp=1&sig=s')).toBe('http://api/b/x.jpg?exp=1&sig=s&download=1');
    expect(downloadLinkOf('data:application/pdf;base64,JVBERi0=')).toBe('data:application/pdf;base64,JVBERi0=');
    render(<DownloadOriginal url="http://api/b/x.pdf?exp=1&sig=s" />);
    expect(screen.getByRole('link', { name: DOWNLOAD_ORIGINAL })).toHaveAttribute('href', 'http://api/b/x.pdf?exp=1&sig=s&download=1');
  });

  it("shows a PDF's first page and its number of pages, or a PDF mark before it is read", () => {
    expect(pagesText(1)).toBe('PDF, 1 page');
    expect(pagesText(3)).toBe('PDF, 3 pages');
    const { rerender } = render(<PdfPages alt="Receipt preview" document={{ pages: 3, preview: 'data:image/jpeg;base64,/9j/' }} />);
    expect(screen.getByRole('img', { name: 'Receipt preview' })).toHaveAttribute('src', 'data:image/jpeg;base64,/9j/');
    expect(screen.getByText('PDF, 3 pages')).toBeInTheDocument();
    rerender(<PdfPages alt="Receipt preview" document={null} />);
    expect(screen.getByText('PDF')).toBeInTheDocument();
  });

  it('shows every page of a PDF in order, each labelled, the first first', () => {
    const document = { pages: 3, preview: 'http://api/p1.jpg', later_pages: ['http://api/p2.jpg', 'http://api/p3.jpg'] };
    render(<PdfPages alt="The receipt" document={document} maxHeight={640} />);
    expect(pageLabel(2, 3)).toBe('Page 2 of 3');
    const pages = screen.getAllByRole('img');
    expect(pages.map((img) => img.getAttribute('src'))).toEqual(['http://api/p1.jpg', 'http://api/p2.jpg', 'http://api/p3.jpg']);
    expect(pages.map((img) => img.getAttribute('alt'))).toEqual(['The receipt, page 1 of 3', 'The receipt, page 2 of 3', 'The receipt, page 3 of 3']);
    expect(screen.getAllByText(/^Page \d of 3$/).map((caption) => caption.textContent)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(screen.getByRole('group', { name: 'The receipt: PDF, 3 pages' })).toBeInTheDocument();
  });
});
