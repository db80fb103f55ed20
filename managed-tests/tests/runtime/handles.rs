use cilbind::{Boxing, Int32, NetString, Object, Runtime};

use crate::fixture::{remote, remote_skips, setup};

#[test]
fn handles_keep_objects_alive_across_garbage_collections() {
    setup();
    let objs: Vec<Object> = (0..1000).map(|i| Int32(i).box_as::<Object>().unwrap()).collect();
    let strings: Vec<NetString> = (0..100).map(|i| NetString::new(&format!("s{i}")).unwrap()).collect();
    if !remote_skips(remote::LOCAL_GC) {
        for _ in 0..3 {
            Runtime::get().unwrap().collect_garbage();
        }
    }
    for (i, o) in objs.iter().enumerate() {
        assert_eq!(o.unbox::<Int32>().unwrap(), Int32(i as i32));
    }
    for (i, s) in strings.iter().enumerate() {
        assert_eq!(s.to_string().unwrap(), format!("s{i}"));
    }
}
