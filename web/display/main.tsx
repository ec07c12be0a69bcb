import { render } from 'preact';

const root = document.getElementById('display')!;
root.textContent = '';
render(<h1>Display</h1>, root);
