//! Slices written back (`T[]` parameters bound as `&mut [T]`, `fixtures/Buffers.cs`'s generic
//! buffer uploads) on a remote runtime: the array is made on the server, passed, and read back
//! into the slice after the call, pipelined or not; a call that throws leaves the slice as it
//! was; no array outlives its call. One test: a process is the client of one connection at a
//! time.

mod common;

use cilbind::remote::pipelined;
use cilbind::Error;
use common::{ServerProcess, TOKEN};
use managed_tests::buffers::buffers::{BufferTarget, BufferUsageHint, GL};

/// 64-bit FNV-1a, as `GL.Checksum` computes it.
fn fnv(bytes: &[u8]) -> i64 {
    let mut h: u64 = 14_695_981_039_346_656_037;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(1_099_511_628_211);
    }
    h as i64
}

#[test]
fn slices_written_back_cross_to_a_remote_runtime() -> cilbind::Result<()> {
    let buffers = managed_tests::fixture_path("Buffers");
    let server = ServerProcess::start_with(&[buffers.to_str().unwrap()]);
    let connection = cilbind_remote::connect(server.addr, TOKEN, &[managed_tests::buffers::FUNCTIONS])?;
    play()?;
    // A second round leaves nothing more behind on the server than the first (whose first uses
    // may fill the server's caches): every array made for a call, the failed one's included,
    // was released there.
    cilbind::remote::flush()?;
    let after_first = connection.stats()?.live_handles;
    play()?;
    cilbind::remote::flush()?;
    assert_eq!(connection.stats()?.live_handles, after_first);
    assert_eq!(cilbind::remote::live_handles(), 0);
    Ok(())
}

fn play() -> cilbind::Result<()> {
    // Uploaded: the server's checksum of what it received is the slice's.
    let mut floats: Vec<f32> = (0..1024).map(|i| (i as f32).sin() * 1e3).collect();
    let bytes: Vec<u8> = floats.iter().flat_map(|f| f.to_le_bytes()).collect();
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        4096,
        &mut floats,
        BufferUsageHint::DYNAMIC_DRAW,
    )?;
    assert_eq!(GL::checksum()?, fnv(&bytes));

    // Written by the callee, read back into the slice: the same bytes as u32s.
    let mut bits = vec![0u32; 1024];
    GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 4096, &mut bits)?;
    assert!(bits.iter().zip(&floats).all(|(b, f)| *b == f.to_bits()));

    // A void call in a pipelined scope is still waited for: its slice is read back at once.
    let mut tail = vec![0u32; 4];
    pipelined(|| GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 4080, 16, &mut tail))?;
    assert_eq!(tail, bits[1020..]);

    // A call that throws on the server: the error, and the slice untouched.
    let mut short = [7u32; 2];
    match GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 4096, &mut short) {
        Err(Error::ManagedException { type_name, .. }) => {
            assert_eq!(type_name, "System.ArgumentOutOfRangeException")
        }
        other => panic!("reading past the slice: {other:?}"),
    }
    assert_eq!(short, [7, 7]);
    // An empty slice crosses as an empty array.
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint::<f32>(
        BufferTarget::ARRAY_BUFFER,
        0,
        &mut [],
        BufferUsageHint::STATIC_DRAW,
    )?;
    assert_eq!(GL::size()?, 0);
    Ok(())
}
