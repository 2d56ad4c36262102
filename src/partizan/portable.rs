//! Canonical forms apart from their store, to be read into another (another
//! thread's, another process's): each form a node naming the nodes of its
//! options before it, a number as its digits. A store's ids mean nothing
//! outside it; a form read back is the same game, its id that store's.
//! As words (`words`, `from_words`), so that the processes of a run can
//! send them to one another.

use num_bigint::{BigInt, Sign};
use rustc_hash::FxHashMap as HashMap;

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;

/// Forms taken out of a store (`Forms::export`), in the order asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Portable {
    /// Every node the forms need, each after its options'.
    nodes: Vec<Shipped>,
    /// The node of each form asked, in its order.
    forms: Vec<u32>,
}

/// A form apart from its store: a number, or canonical options named by
/// their nodes' indices (each below its own).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shipped {
    Number(Dyadic),
    Options { left: Vec<u32>, right: Vec<u32> },
}

/// A node's first word: what it is.
const NUMBER: u64 = 0;
const OPTIONS: u64 = 1;

impl Portable {
    /// How many forms it carries.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether it carries none.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// It as words: the count of nodes, each node (a number: its tag, its
    /// exponent, its sign and its digits' count, then its digits, least
    /// first; options: the tag, the counts of Left and Right options, then
    /// their nodes), the count of forms, then their nodes.
    pub fn words(&self) -> Vec<u64> {
        let mut words = vec![self.nodes.len() as u64];
        for node in &self.nodes {
            match node {
                Shipped::Number(x) => {
                    let (sign, digits) = x.numerator().to_u64_digits();
                    let negative = u64::from(sign == Sign::Minus);
                    words.extend([NUMBER, u64::from(x.exponent()), negative]);
                    words.push(digits.len() as u64);
                    words.extend(digits);
                }
                Shipped::Options { left, right } => {
                    words.extend([OPTIONS, left.len() as u64, right.len() as u64]);
                    words.extend(left.iter().chain(right).map(|&i| u64::from(i)));
                }
            }
        }
        words.push(self.forms.len() as u64);
        words.extend(self.forms.iter().map(|&i| u64::from(i)));
        words
    }

    /// The forms `words` holds from its start (as `words` writes them), and
    /// the words after them; `None` where they are not so written (a count
    /// past the words there are, a node naming one not before it).
    pub fn from_words(words: &[u64]) -> Option<(Portable, &[u64])> {
        let mut reader = Reader::new(words);
        let portable = Portable::read(&mut reader)?;
        Some((portable, reader.rest()))
    }

    /// The forms `reader` reads next (as `words` writes them); `None`
    /// where they are not so written.
    pub(crate) fn read(reader: &mut Reader<'_>) -> Option<Portable> {
        let count = reader.count()?;
        let mut nodes = Vec::new();
        for at in 0..count {
            let node = match reader.word()? {
                NUMBER => {
                    let exponent = u32::try_from(reader.word()?).ok()?;
                    let sign = match reader.word()? {
                        0 => Sign::Plus,
                        1 => Sign::Minus,
                        _ => return None,
                    };
                    let digits = reader.take()?;
                    let m = BigInt::from_slice(sign, &to_u32_digits(digits));
                    Shipped::Number(Dyadic::new(m, exponent))
                }
                OPTIONS => {
                    let (lefts, rights) = (reader.count()?, reader.count()?);
                    let left = reader.nodes(lefts, at)?;
                    let right = reader.nodes(rights, at)?;
                    Shipped::Options { left, right }
                }
                _ => return None,
            };
            nodes.push(node);
        }
        let count = reader.count()?;
        let forms = reader.nodes(count, nodes.len())?;
        Some(Portable { nodes, forms })
    }
}

/// Words read from the front (as `Portable` and `Learned` write them).
pub(crate) struct Reader<'w> {
    words: &'w [u64],
}

impl<'w> Reader<'w> {
    pub(crate) fn new(words: &'w [u64]) -> Self {
        Reader { words }
    }

    /// The words not read yet.
    pub(crate) fn rest(&self) -> &'w [u64] {
        self.words
    }

    pub(crate) fn word(&mut self) -> Option<u64> {
        let (&first, rest) = self.words.split_first()?;
        self.words = rest;
        Some(first)
    }

    /// A count of what follows: no more than the words left.
    pub(crate) fn count(&mut self) -> Option<usize> {
        let n = usize::try_from(self.word()?).ok()?;
        (n <= self.words.len()).then_some(n)
    }

    /// The next `n` words.
    fn words(&mut self, n: usize) -> Option<&'w [u64]> {
        let taken = self.words.get(..n)?;
        self.words = &self.words[n..];
        Some(taken)
    }

    /// A count, then that many words.
    pub(crate) fn take(&mut self) -> Option<&'w [u64]> {
        let n = self.count()?;
        self.words(n)
    }

    /// `n` nodes' indices, each below `below`.
    fn nodes(&mut self, n: usize, below: usize) -> Option<Vec<u32>> {
        (self.words(n)?.iter())
            .map(|&i| u32::try_from(i).ok().filter(|&i| (i as usize) < below))
            .collect()
    }
}

/// 64-bit digits as 32-bit ones, least first.
fn to_u32_digits(digits: &[u64]) -> Vec<u32> {
    (digits.iter())
        .flat_map(|&d| [d as u32, (d >> 32) as u32])
        .collect()
}

impl Forms {
    /// The forms `forms` of this store, apart from it.
    pub fn export(&self, forms: &[Form]) -> Portable {
        let mut portable = Portable::default();
        let mut shipped: HashMap<Form, u32> = HashMap::default();
        for &form in forms {
            // Depth first with a stack: a node once its options are out.
            let mut stack = vec![form];
            while let Some(&top) = stack.last() {
                if shipped.contains_key(&top) {
                    stack.pop();
                    continue;
                }
                let node = match self.parts(top) {
                    Ok(x) => Shipped::Number(x.clone()),
                    Err((left, right)) => {
                        let waiting = stack.len();
                        stack.extend(
                            (left.iter().chain(right)).filter(|f| !shipped.contains_key(f)),
                        );
                        if stack.len() > waiting {
                            continue;
                        }
                        let index = |f: &Form| shipped[f];
                        Shipped::Options {
                            left: left.iter().map(index).collect(),
                            right: right.iter().map(index).collect(),
                        }
                    }
                };
                stack.pop();
                shipped.insert(top, portable.nodes.len() as u32);
                portable.nodes.push(node);
            }
            portable.forms.push(shipped[&form]);
        }
        portable
    }

    /// The forms `portable` carries, in this store, in its order. Its
    /// nodes are canonical forms (another store's), so each is kept as it
    /// stands; a store that stops on the way gives meaningless forms (see
    /// `Forms`).
    pub fn import(&mut self, portable: &Portable) -> Vec<Form> {
        let mut local: Vec<Form> = Vec::with_capacity(portable.nodes.len());
        for node in &portable.nodes {
            let form = match node {
                Shipped::Number(x) => self.number(x.clone()),
                Shipped::Options { left, right } => {
                    // Sorted by this store's ids, as it keeps options.
                    let here = |nodes: &[u32]| {
                        let mut forms: Vec<Form> =
                            nodes.iter().map(|&i| local[i as usize]).collect();
                        forms.sort_unstable();
                        forms
                    };
                    self.canonical(here(left), here(right))
                }
            };
            local.push(form);
        }
        portable.forms.iter().map(|&i| local[i as usize]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few forms of every kind: numbers (one past 64 bits), nimbers,
    /// ups, switches and a sum of them.
    fn some_forms(forms: &mut Forms) -> Vec<Form> {
        let big = Dyadic::new(BigInt::from(3) << 100u32, 0).neg();
        let half = Dyadic::new(-3, 3);
        let mut made = vec![forms.number(big), forms.number(half), forms.nimber(4)];
        let up = forms.up();
        let two = forms.integer(2);
        let minus_one = forms.integer(-1);
        let switch = forms.game(&[two], &[minus_one]);
        let star = forms.nimber(1);
        let hot = forms.game(&[switch, up], &[star]);
        let sum = forms.add(hot, up);
        made.extend([up, switch, hot, sum, forms.uptimal(3, 1)]);
        made
    }

    #[test]
    fn forms_read_into_another_store_are_the_same_games() {
        let mut here = Forms::new();
        let made = some_forms(&mut here);
        let portable = here.export(&made);
        // Another store, which has met other forms first (its ids differ).
        let mut there = Forms::new();
        there.nimber(7);
        let read = there.import(&portable);
        let again = some_forms(&mut there);
        assert_eq!(read, again);
        assert_eq!(read.len(), made.len());
        // Written the same, and back again into the first store.
        for (&a, &b) in made.iter().zip(&read) {
            assert_eq!(here.text(a), there.text(b));
        }
        assert_eq!(here.import(&there.export(&read)), made);
    }

    #[test]
    fn forms_as_words_read_back_whole() {
        let mut forms = Forms::new();
        let made = some_forms(&mut forms);
        let portable = forms.export(&made);
        let mut words = portable.words();
        words.extend([7, 8]);
        let (back, rest) = Portable::from_words(&words).expect("written by words");
        assert_eq!(back, portable);
        assert_eq!(rest, [7, 8]);
        assert_eq!(
            Portable::from_words(&Portable::default().words()),
            Some((Portable::default(), &[][..]))
        );
    }

    #[test]
    fn words_not_so_written_are_refused() {
        let mut forms = Forms::new();
        let made = some_forms(&mut forms);
        let words = forms.export(&made).words();
        // Cut short anywhere, or a count past the words there are.
        for end in 0..words.len() {
            assert_eq!(Portable::from_words(&words[..end]), None, "cut at {end}");
        }
        assert_eq!(Portable::from_words(&[u64::MAX]), None);
        // A node naming itself, or one after it; an unknown tag.
        assert_eq!(Portable::from_words(&[1, OPTIONS, 1, 0, 0, 0]), None);
        assert_eq!(Portable::from_words(&[1, 2, 0, 0, 0, 0]), None);
        // A form naming a node there is not.
        assert_eq!(Portable::from_words(&[1, NUMBER, 0, 0, 0, 1, 1]), None);
        assert!(Portable::from_words(&[1, NUMBER, 0, 0, 0, 1, 0]).is_some());
    }
}
