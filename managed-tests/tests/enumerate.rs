//! `for x in &value` over generated bindings (`IntoIterator` over `cilbind::Enumerator<T>`)
//! and C#'s `using` (`cilbind::Disposing`): Json.NET's `JArray` and `JObject`, mscorlib's
//! `List<T>`, and `fixtures/Enumerables.cs`, whose enumerators count what ran (started,
//! `finally` blocks, `Dispose` calls). Expected values are computed here in Rust.

use cilbind::{DisposeOnDrop, Disposing, Enumerator, Error, NetString};
use managed_tests::generics::enumerables::{Countdown, Plain, Resource, Words};
use managed_tests::generics::newtonsoft::json::linq::{JArray, JObject, JTokenType};
use managed_tests::generics::system::collections::generic::List;

fn start() {
    managed_tests::generics::init().expect("bindings load their assemblies");
}

/// A managed exception of type `type_name` whose message contains `text`.
fn is_exception(e: &Error, type_name: &str, text: &str) -> bool {
    matches!(e, Error::ManagedException { type_name: t, message, .. } if t == type_name && message.contains(text))
}

#[test]
fn a_json_array_enumerates_its_tokens() {
    start();
    let values: Vec<i64> = vec![3, -7, 12, 40_000_000_000, 0];
    let json = format!(
        "[{}]",
        values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
    );
    let array = JArray::parse(&json).unwrap().expect("an array");
    let mut seen = Vec::new();
    for token in &array {
        let token = token.unwrap().expect("tokens are never null");
        assert_eq!(token.r#type().unwrap(), JTokenType::INTEGER);
        seen.push(token.to_object::<i64>().unwrap());
    }
    assert_eq!(seen, values);

    // Tokens of every kind, each read back as its own type.
    let array = JArray::parse(r#"["two", 2.5, true, null, {"k": 1}, [1, 2]]"#)
        .unwrap()
        .unwrap();
    let tokens: Vec<_> = array
        .into_iter()
        .collect::<cilbind::Result<Vec<_>>>()
        .unwrap()
        .into_iter()
        .map(|t| t.expect("a token"))
        .collect();
    let types: Vec<JTokenType> = tokens.iter().map(|t| t.r#type().unwrap()).collect();
    assert_eq!(
        types,
        [
            JTokenType::STRING,
            JTokenType::FLOAT,
            JTokenType::BOOLEAN,
            JTokenType::NULL,
            JTokenType::OBJECT,
            JTokenType::ARRAY
        ]
    );
    let text = tokens[0].to_object::<NetString>().unwrap().unwrap();
    assert_eq!(text.to_string().unwrap(), "two");
    assert_eq!(tokens[1].to_object::<f64>().unwrap(), 2.5);
    assert!(tokens[2].to_object::<bool>().unwrap());
    // The nested array enumerates too, through its `JToken` handle.
    let nested: Vec<i64> = (&tokens[5])
        .into_iter()
        .map(|t| t.unwrap().unwrap().to_object::<i64>().unwrap())
        .collect();
    assert_eq!(nested, [1, 2]);
}

#[test]
fn a_json_object_enumerates_key_value_pairs() {
    start();
    let pairs = [("alpha", 1i64), ("beta", -2), ("gamma", 30)];
    let json = format!(
        "{{{}}}",
        pairs
            .iter()
            .map(|(k, v)| format!("\"{k}\": {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let object = JObject::parse(&json).unwrap().unwrap();
    // `JObject`'s public `GetEnumerator()` decides: pairs, not the `JToken`s of its base.
    let mut seen = Vec::new();
    for pair in &object {
        let pair = pair.unwrap();
        let key = pair.key().unwrap().unwrap().to_string().unwrap();
        let value = pair.value().unwrap().unwrap().to_object::<i64>().unwrap();
        seen.push((key, value));
    }
    let expected: Vec<(String, i64)> = pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    assert_eq!(seen, expected);
}

#[test]
fn a_list_made_in_rust_enumerates_in_order() {
    start();
    let values = [5, -3, 8, 13, 21, 0, -1];
    let list = List::<i32>::new().unwrap();
    for v in values {
        list.add(v).unwrap();
    }
    let mut sum = 0;
    for v in &list {
        sum += v.unwrap();
    }
    assert_eq!(sum, values.iter().sum::<i32>());
    let back: Vec<i32> = list.into_iter().collect::<cilbind::Result<_>>().unwrap();
    assert_eq!(back, values);
    // An empty list: no items, no error.
    assert_eq!((&List::<i32>::new().unwrap()).into_iter().count(), 0);
}

#[test]
fn changing_a_list_while_enumerating_ends_with_its_exception() {
    start();
    let list = List::<i32>::new().unwrap();
    for v in [1, 2, 3] {
        list.add(v).unwrap();
    }
    let mut items = (&list).into_iter();
    assert_eq!(items.next().unwrap().unwrap(), 1);
    list.add(4).unwrap();
    let err = items.next().unwrap().unwrap_err();
    assert!(is_exception(&err, "System.InvalidOperationException", ""), "{err}");
    assert!(items.next().is_none(), "an error is the last item");
    assert!(items.next().is_none());
}

#[test]
fn breaking_out_of_a_loop_disposes_the_enumerator() {
    start();
    let countdown = Countdown::new(5).unwrap();
    for n in &countdown {
        let n = n.unwrap();
        assert_eq!(
            countdown.finished().unwrap(),
            0,
            "the finally block runs only at the end"
        );
        if n == 3 {
            break;
        }
    }
    // The iterator's `finally` ran: dropping the Enumerator called Dispose.
    assert_eq!(countdown.started().unwrap(), 1);
    assert_eq!(countdown.finished().unwrap(), 1);

    // To the end: every value, and the finally block once.
    let all: Vec<i32> = countdown.into_iter().map(|n| n.unwrap()).collect();
    assert_eq!(all, (1..=5).rev().collect::<Vec<_>>());
    assert_eq!(countdown.started().unwrap(), 2);
    assert_eq!(countdown.finished().unwrap(), 2);

    // A generic interface handle (`IEnumerable<int>` from a method) enumerates the same way.
    let squares = Countdown::squares(6).unwrap().unwrap();
    let sum: i32 = squares.into_iter().map(|n| n.unwrap()).sum();
    assert_eq!(sum, (1..=6).map(|i| i * i).sum::<i32>());
}

#[test]
fn an_exception_in_the_enumerator_is_the_last_item() {
    start();
    let countdown = Countdown::new(5).unwrap();
    countdown.set_throw_at(2).unwrap();
    let items: Vec<cilbind::Result<i32>> = countdown.into_iter().collect();
    assert_eq!(items.len(), 4, "5, 4, 3, then the error: {items:?}");
    let values: Vec<i32> = items[..3].iter().map(|r| *r.as_ref().unwrap()).collect();
    assert_eq!(values, [5, 4, 3]);
    let err = items[3].as_ref().unwrap_err();
    assert!(
        is_exception(err, "System.InvalidOperationException", "countdown broke at 2"),
        "{err}"
    );
    assert_eq!(countdown.finished().unwrap(), 1);
}

#[test]
fn dispose_runs_once_and_its_exception_ends_a_complete_iteration() {
    start();
    let sentence = "the quick brown fox";
    let words = Words::new(Some(sentence)).unwrap();
    let seen: Vec<String> = words
        .into_iter()
        .map(|w| w.unwrap().unwrap().to_string().unwrap())
        .collect();
    assert_eq!(seen, sentence.split(' ').collect::<Vec<_>>());
    assert_eq!(words.disposals().unwrap(), 1);

    // Dispose throws at the normal end: the exception is the last item.
    words.set_throw_on_dispose(true).unwrap();
    let items: Vec<_> = words.into_iter().collect();
    assert_eq!(items.len(), 5, "four words, then Dispose's exception");
    assert!(items[..4].iter().all(|w| w.is_ok()));
    let err = items[4].as_ref().unwrap_err();
    assert!(
        is_exception(err, "System.InvalidOperationException", "could not be disposed"),
        "{err}"
    );
    assert_eq!(words.disposals().unwrap(), 2);

    // Dropped early, the exception is ignored; `close` returns it.
    let mut items = (&words).into_iter();
    assert!(items.next().unwrap().is_ok());
    drop(items);
    assert_eq!(words.disposals().unwrap(), 3);
    let mut items = (&words).into_iter();
    assert!(items.next().unwrap().is_ok());
    let err = items.close().unwrap_err();
    assert!(is_exception(
        &err,
        "System.InvalidOperationException",
        "could not be disposed"
    ));
    assert_eq!(words.disposals().unwrap(), 4);
}

#[test]
fn an_object_of_another_element_type_is_an_error_first() {
    start();
    let words = Words::new("a b").unwrap();
    // `Words` is an `IEnumerable<string>`, not an `IEnumerable<int>`: the runtime's check of
    // `this` against the interface refuses it.
    let mut items = Enumerator::<i32>::new(&words);
    let err = items.next().unwrap().unwrap_err();
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    assert!(items.next().is_none());
    assert_eq!(words.disposals().unwrap(), 0);
    let plain = Plain::new().unwrap();
    assert!(Enumerator::<NetString>::new(&plain).next().unwrap().is_err());
}

#[test]
fn a_disposing_guard_disposes_when_dropped() {
    start();
    let resource = Resource::new().unwrap();
    {
        let guard = resource.clone().disposing().unwrap();
        // The guard dereferences to the resource.
        assert_eq!(guard.disposals().unwrap(), 0);
    }
    assert_eq!(resource.disposals().unwrap(), 1);

    // `dispose` disposes at once and returns the exception; a drop ignores it.
    resource.set_throw_on_dispose(true).unwrap();
    let err = Disposing::new(resource.clone()).unwrap().dispose().unwrap_err();
    assert!(
        is_exception(&err, "System.ObjectDisposedException", "resource"),
        "{err}"
    );
    assert_eq!(resource.disposals().unwrap(), 2);
    drop(resource.clone().disposing().unwrap());
    assert_eq!(resource.disposals().unwrap(), 3);

    // `into_inner` hands the value back undisposed.
    let back = resource.clone().disposing().unwrap().into_inner();
    assert_eq!(back.disposals().unwrap(), 3);

    // Only an IDisposable can be guarded.
    let err = Plain::new().unwrap().disposing().unwrap_err();
    assert!(
        matches!(&err, Error::InvalidCast { from, to } if from == "Enumerables.Plain" && to == "System.IDisposable"),
        "{err}"
    );
}
