use gamelang::check::check;
use gamelang::diagnostics::Source;
use gamelang::search::heaps::{HeapValues, Method};
use gamelang::search::moves::MoveGen;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let n: u64 = args[2].parse().unwrap();
    let method = match args[3].as_str() { "plain" => Method::Plain, "sparse" => Method::Sparse, _ => Method::Auto };
    let (program, errors) = check(&Source::new("t", text.as_str()), Vec::new());
    assert!(errors.is_empty());
    let g = program.games[0].default.clone().unwrap();
    let mut hv = HeapValues::with_method(n as usize + 1, method);
    let t = std::time::Instant::now();
    let e = hv.extend_to(&g, &MoveGen::new(&g), n, &[n]).unwrap();
    eprintln!("{:?} {:?} max={}", t.elapsed(), e, hv.values().iter().max().unwrap());
}
